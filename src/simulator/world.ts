/**
 * The provider's account as the simulator holds it: VPSs, plans, OS images,
 * balance, signups, charges and hosting servers. Plain data plus small
 * helpers; HTTP handling lives in the route modules.
 */
import { createHash } from 'node:crypto';
import type { AnswerPatch } from './answer-faults.ts';
import { DnsState } from './dns.ts';
import type { HostingServerState } from './hosting-state.ts';
import type {
  AnswerForms,
  ChargeRecord,
  PowerStatus,
  ServerTemplate,
  SignupRecord,
  SignupStatus,
  VpsServerState,
  VpsType,
} from './types.ts';

export interface PlanState {
  planId: string;
  vpsType: 'vps' | 'business';
  planName: string;
  memoryMb: number;
  vcpu: number;
  diskGb: number;
  /** Price of one month, yen, tax included; drives pro-rata and period amounts. */
  monthlyPrice: number;
  periods: number[];
  closedPeriods: Set<number>;
  /** Offering ended: omitted from GET /v1/vps/plans, signup answers PLAN_NOT_AVAILABLE. */
  closed: boolean;
  /** Intake paused: listed, but dry run and signup answer 409 CAPACITY_UNAVAILABLE. */
  paused: boolean;
  /** months -> discount percent */
  campaigns: Map<number, number>;
}

export interface OsImage {
  imageId: string;
  name: string;
  version: string | null;
  minimumMemoryMb: number;
}

export interface IdempotencyEntry {
  state: 'in_process' | 'done';
  fingerprint: string;
  status?: number;
  body?: unknown;
}

export class World {
  vps = new Map<string, VpsServerState>();
  plans = new Map<string, PlanState>();
  images: OsImage[] = [];
  /** SSH key names registered in the VPS panel (usable as `ssh_key_name`). */
  vpsSshKeys = new Map<string, string | null>();
  balance = 0;
  signupList: SignupRecord[] = [];
  chargeList: ChargeRecord[] = [];
  idempotency = new Map<string, IdempotencyEntry>();
  nextSignupOutcome: SignupStatus = 'active';
  maintenance = false;
  /** uuid -> what its answers carry instead of the truth (control.corruptServer): a fault. */
  answerPatches = new Map<string, AnswerPatch>();
  /** uuid -> power state to take at a simulated instant (control.setPower with `then`). */
  pendingPower = new Map<string, { status: PowerStatus; at: number }>();
  hosting = new Map<string, HostingServerState>();
  /**
   * Which of the reference's two forms the answers take where it contradicts
   * itself (docs/provider-api.md, Where the reference contradicts itself):
   * `available_versions` as its field table's map or its example's list, a
   * DNS record's `priority` outside MX and SRV as the table's 0 or the
   * example's null. A control switches them, so clients are tested on both.
   */
  answerForms: AnswerForms = { phpAvailableVersions: 'map', dnsPriority: 'zero' };
  /** Public DNS: verification TXT records and name-server delegation. */
  dns = new DnsState();
  private nextServiceCode: number;
  private nextChargeId = 1;
  private nextIp: number;
  private nextHostingId = 5001;
  private nextSerial = 1;
  private nextRecordId = 501;
  private nextSslId = 1;

  /**
   * `index`: the account's place in the simulator (0 for the first), so that
   * service codes and IP addresses never repeat across accounts; `seedPrefix`
   * goes before the seed's names of uuids ('' for the first account).
   */
  constructor(
    readonly index = 0,
    readonly seedPrefix = '',
  ) {
    this.nextServiceCode = 30_000_001 + index * 1_000_000;
    this.nextIp = 100 + index * 1_000;
  }

  /** Ids of WordPress sites and SSH keys created through the API (seeded ones are lower). */
  allocHostingId(): string {
    const c = this.nextHostingId;
    this.nextHostingId += 1;
    return String(c);
  }

  /** A serial for what gets a hash id (cron jobs, mail sorting rules): one per resource, for good. */
  allocSerial(): number {
    const c = this.nextSerial;
    this.nextSerial += 1;
    return c;
  }

  /** DNS record ids: integers, never reused. */
  allocRecordId(): number {
    const c = this.nextRecordId;
    this.nextRecordId += 1;
    return c;
  }

  /** SSL setting ids: integers, never reused. */
  allocSslId(): number {
    const c = this.nextSslId;
    this.nextSslId += 1;
    return c;
  }

  /** What the preset keys are limited to: `web-1` and `db-1`, and the first hosting server. */
  presetTargets(): { vps: string[]; hostingServer: string } {
    const uuidOf = (name: string) => [...this.vps.values()].find((v) => v.name === name)?.uuid;
    const vps = ['web-1', 'db-1'].flatMap((n) => uuidOf(n) ?? []);
    const first = this.hosting.keys().next();
    return {
      vps: vps.length > 0 ? vps : ['web-1', 'db-1'].map((n) => stableUuid(`${this.seedPrefix}seed-${n}`)),
      hostingServer: first.done ? 'xs123456.xsrv.jp' : first.value,
    };
  }

  allocServiceCode(): number {
    const c = this.nextServiceCode;
    this.nextServiceCode += 1;
    return c;
  }

  allocChargeId(): number {
    const c = this.nextChargeId;
    this.nextChargeId += 1;
    return c;
  }

  allocIp(): string {
    const n = this.nextIp;
    this.nextIp += 1;
    return `162.43.${20 + Math.floor(n / 250)}.${(n % 250) + 2}`;
  }

  addVps(template: ServerTemplate = {}, seedKey?: string): VpsServerState {
    const serviceCode = this.allocServiceCode();
    const uuid = seedKey ? stableUuid(seedKey) : stableUuid(`server-${serviceCode}-${this.vps.size}`);
    const ip = template.ipAddress === undefined ? this.allocIp() : template.ipAddress;
    const host = ip ? standardHostname(ip) : null;
    const server: VpsServerState = {
      uuid,
      serviceCode,
      name: template.name ?? `vps-${serviceCode}`,
      vpsType: template.vpsType ?? 'vps',
      planName: template.planName ?? 'VPS 2GB',
      vcpu: template.vcpu ?? 3,
      memoryGb: template.memoryGb ?? 2,
      diskGb: template.diskGb ?? 50,
      status: template.status ?? 'active',
      ipAddress: ip,
      os: template.os === undefined ? 'Ubuntu 24.04' : template.os,
      application: template.application ?? null,
      hostname: template.hostname === undefined ? host : template.hostname,
      reverseHostname: template.reverseHostname === undefined ? host : template.reverseHostname,
      power: template.power ?? 'running',
      memo: template.memo ?? null,
    };
    this.vps.set(uuid, server);
    return server;
  }

  getVps(uuid: string): VpsServerState {
    const s = this.vps.get(uuid);
    if (!s) throw new Error(`unknown server uuid ${uuid}`);
    return s;
  }

  getPlan(planId: string): PlanState {
    const p = this.plans.get(planId);
    if (!p) throw new Error(`unknown plan ${planId}`);
    return p;
  }

  /** Creates the VPS of a signup and marks it active. */
  completeSignup(s: SignupRecord): void {
    if (s.status === 'active' && s.uuid) return;
    const plan = this.getPlan(s.planId);
    const image = this.images.find((i) => i.imageId === s.imageId);
    const server = this.addVps({
      name: s.name,
      vpsType: plan.vpsType,
      planName: plan.planName,
      vcpu: plan.vcpu,
      memoryGb: plan.memoryMb / 1024,
      diskGb: plan.diskGb,
      status: 'active',
      power: 'running',
      os: image ? `${image.name}${image.version ? ` ${image.version}` : ''}` : null,
    });
    s.status = 'active';
    s.uuid = server.uuid;
    s.completesAt = null;
  }
}

/** Deterministic uuid (v4 layout) so seeded servers keep their ids across runs. */
export function stableUuid(seed: string): string {
  const h = createHash('sha256').update(`vps-chatops-sim:${seed}`).digest('hex');
  const variant = ((Number.parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function standardHostname(ip: string): string {
  return `x${ip.replaceAll('.', '-')}.static.xvps.ne.jp`;
}

export function planName(vpsType: VpsType, memoryGb: number): string {
  const label = { vps: 'VPS', business: 'ビジネスVPS', windows: 'Windows Server', gpu: 'GPUサーバー' }[
    vpsType
  ];
  return `${label} ${memoryGb}GB`;
}
