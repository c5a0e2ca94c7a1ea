/**
 * Seed data ('default'): a dozen VPSs of every type, contract state and power
 * state; the plan catalogue with one campaign, one paused plan, one closed
 * period and one ended plan; OS images; 50,000 yen of balance; two hosting
 * servers (hosting-seed.ts). 'empty' keeps plans, images and the 50,000 yen
 * balance (signup needs them) but has no VPS and no hosting server.
 *
 * An account other than the first gets the same seed under its own names:
 * the VPSs keep theirs (`web-1`: two accounts may each have one) with other
 * uuids and addresses, and the hosting servers and domains are named for the
 * account (hosting-seed.ts, SeedNames).
 */
import { seedHosting } from './hosting-seed.ts';
import type { ContractStatus, PowerStatus, VpsType } from './types.ts';
import { type PlanState, planName, World } from './world.ts';

const PERIODS = [1, 3, 6, 12, 24, 36];

interface PlanRow {
  type: 'vps' | 'business';
  gb: number;
  vcpu: number;
  disk: number;
  price: number;
}

const PLAN_ROWS: PlanRow[] = [
  { type: 'vps', gb: 1, vcpu: 2, disk: 30, price: 990 },
  { type: 'vps', gb: 2, vcpu: 3, disk: 50, price: 1_700 },
  { type: 'vps', gb: 4, vcpu: 4, disk: 100, price: 3_200 },
  { type: 'vps', gb: 8, vcpu: 6, disk: 100, price: 6_600 },
  { type: 'vps', gb: 16, vcpu: 8, disk: 100, price: 13_200 },
  { type: 'vps', gb: 32, vcpu: 12, disk: 100, price: 26_400 },
  { type: 'vps', gb: 64, vcpu: 24, disk: 100, price: 52_800 },
  { type: 'business', gb: 2, vcpu: 3, disk: 50, price: 2_200 },
  { type: 'business', gb: 4, vcpu: 4, disk: 100, price: 4_400 },
  { type: 'business', gb: 8, vcpu: 6, disk: 100, price: 8_800 },
  { type: 'business', gb: 16, vcpu: 8, disk: 100, price: 17_600 },
];

function seedCatalogue(w: World): void {
  for (const r of PLAN_ROWS) {
    const plan: PlanState = {
      planId: `${r.type}-${r.gb}gb`,
      vpsType: r.type,
      planName: planName(r.type, r.gb),
      memoryMb: r.gb * 1024,
      vcpu: r.vcpu,
      diskGb: r.disk,
      monthlyPrice: r.price,
      periods: [...PERIODS],
      closedPeriods: new Set(),
      closed: false,
      paused: false,
      campaigns: new Map(),
    };
    w.plans.set(plan.planId, plan);
  }
  // One campaign, one paused plan, one closed period, one ended plan.
  w.getPlan('vps-2gb').campaigns.set(12, 30);
  w.getPlan('vps-64gb').paused = true;
  w.getPlan('vps-1gb').closedPeriods.add(36);
  w.getPlan('business-2gb').closed = true;

  w.images = [
    { imageId: 'ubuntu-24.04', name: 'Ubuntu', version: '24.04', minimumMemoryMb: 0 },
    { imageId: 'ubuntu-22.04', name: 'Ubuntu', version: '22.04', minimumMemoryMb: 0 },
    { imageId: 'debian-12', name: 'Debian', version: '12', minimumMemoryMb: 0 },
    { imageId: 'almalinux-9', name: 'AlmaLinux', version: '9', minimumMemoryMb: 0 },
    { imageId: 'rockylinux-9', name: 'Rocky Linux', version: '9', minimumMemoryMb: 0 },
    { imageId: 'oraclelinux-9-desktop', name: 'Oracle Linux (Desktop)', version: '9', minimumMemoryMb: 2048 },
  ];
  w.vpsSshKeys.set(
    'ops-key',
    'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOps0000000000000000000000000000000000000000 ops',
  );
  w.vpsSshKeys.set('deploy', null);
}

interface VpsRow {
  name: string;
  type: VpsType;
  gb: number;
  vcpu: number;
  disk: number;
  status: ContractStatus;
  power: PowerStatus;
  os: string | null;
  application?: string;
  memo?: string;
}

const VPS_ROWS: VpsRow[] = [
  {
    name: 'web-1',
    type: 'vps',
    gb: 4,
    vcpu: 4,
    disk: 100,
    status: 'active',
    power: 'running',
    os: 'Ubuntu 24.04',
    memo: '本番Web (nginx)',
  },
  {
    name: 'web-2',
    type: 'vps',
    gb: 4,
    vcpu: 4,
    disk: 100,
    status: 'active',
    power: 'running',
    os: 'Ubuntu 24.04',
    application: 'WordPress',
  },
  {
    name: 'db-1',
    type: 'business',
    gb: 16,
    vcpu: 8,
    disk: 200,
    status: 'active',
    power: 'running',
    os: 'AlmaLinux 9',
    memo: 'MySQL primary',
  },
  {
    name: 'db-2',
    type: 'business',
    gb: 8,
    vcpu: 6,
    disk: 100,
    status: 'active',
    power: 'stopped',
    os: 'AlmaLinux 9',
    memo: 'MySQL replica',
  },
  {
    name: 'cache-1',
    type: 'vps',
    gb: 2,
    vcpu: 3,
    disk: 50,
    status: 'active',
    power: 'processing',
    os: 'Debian 12',
  },
  {
    name: 'batch-1',
    type: 'vps',
    gb: 8,
    vcpu: 6,
    disk: 100,
    status: 'active',
    power: 'error',
    os: 'Rocky Linux 9',
  },
  {
    name: 'win-ad-1',
    type: 'windows',
    gb: 4,
    vcpu: 4,
    disk: 100,
    status: 'active',
    power: 'running',
    os: 'Windows Server 2022',
  },
  {
    name: 'win-rdp-1',
    type: 'windows',
    gb: 8,
    vcpu: 6,
    disk: 200,
    status: 'suspended',
    power: 'stopped',
    os: 'Windows Server 2019',
  },
  {
    name: 'gpu-ml-1',
    type: 'gpu',
    gb: 32,
    vcpu: 12,
    disk: 400,
    status: 'active',
    power: 'running',
    os: 'Ubuntu 22.04',
    application: 'CUDA',
  },
  {
    name: 'staging-1',
    type: 'vps',
    gb: 1,
    vcpu: 2,
    disk: 30,
    status: 'suspended',
    power: 'stopped',
    os: 'Ubuntu 22.04',
  },
  {
    name: 'mail-1',
    type: 'vps',
    gb: 2,
    vcpu: 3,
    disk: 50,
    status: 'active',
    power: 'running',
    os: 'Debian 12',
  },
  {
    name: 'backup-1',
    type: 'business',
    gb: 4,
    vcpu: 4,
    disk: 400,
    status: 'active',
    power: 'running',
    os: null,
    memo: 'バックアップ用',
  },
];

function seedVps(w: World, domain: (d: string) => string): void {
  for (const r of VPS_ROWS) {
    w.addVps(
      {
        name: r.name,
        vpsType: r.type,
        planName: planName(r.type, r.gb),
        vcpu: r.vcpu,
        memoryGb: r.gb,
        diskGb: r.disk,
        status: r.status,
        power: r.power,
        os: r.os,
        application: r.application ?? null,
        memo: r.memo ?? null,
      },
      `${w.seedPrefix}seed-${r.name}`,
    );
  }
  // A customised PTR on web-1 so reverse_hostname differs from hostname somewhere.
  const web1 = [...w.vps.values()].find((s) => s.name === 'web-1');
  if (web1) web1.reverseHostname = `www.${domain('example-shop.com')}`;
}

/** Which account a world is: its place in the simulator (0 first) and its name. */
export interface WorldOf {
  index: number;
  account: string;
}

export function createWorld(
  seed: 'default' | 'empty',
  now: Date,
  of: WorldOf = { index: 0, account: '' },
): World {
  const w = new World(of.index, of.index === 0 ? '' : `${of.account}/`);
  seedCatalogue(w);
  if (seed === 'default') {
    const names = seedNames(of);
    seedVps(w, names.domain);
    seedHosting(w, now, names);
  }
  w.balance = 50_000;
  return w;
}

/**
 * The seed's names in an account: the first account's are the seed's own; another's hosting
 * servers are numbered apart (xs234567, xs765432 for the second) and its domains carry its
 * name (`shop-example-shop.com`), so that no two accounts hold the same server or domain.
 */
export function seedNames(of: WorldOf): { server: (n: number) => string; domain: (d: string) => string } {
  if (of.index === 0) return { server: (n) => `xs${n}.xsrv.jp`, domain: (d) => d };
  return {
    server: (n) => `xs${n + of.index * 111_111}.xsrv.jp`,
    domain: (d) => `${of.account}-${d}`,
  };
}
