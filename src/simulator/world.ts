/**
 * The provider's account as the simulator holds it: VPSs, plans, OS images,
 * balance, signups, charges and hosting servers. Plain data plus small
 * helpers; HTTP handling lives in the route modules.
 */
import { createHash } from 'node:crypto';
import type { AnswerPatch } from './answer-faults.ts';
import { DnsState } from './dns.ts';
import type {
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

export interface DomainState {
  domain: string; // Punycode
  sslStatus: 'active' | 'pending' | 'none' | 'failed_nameserver';
  redirectHttps: boolean;
  documentRoot: string;
}

export interface SubdomainState {
  subdomain: string; // Punycode FQDN
  parent: string;
  sslStatus: 'active' | 'pending' | 'none' | 'failed_nameserver';
  documentRoot: string;
}

export interface WordPressState {
  id: string;
  url: string;
  title: string;
  adminUsername: string;
  adminEmail: string;
  version: string;
  dbName: string;
  dbUser: string;
  createdAt: Date;
}

/**
 * A cron job of the hosting account. `wordpressId` ties the WP-Cron job of a
 * site to it, so DELETE /wp/{id} with `delete_cron` removes it.
 */
export interface CronJobState {
  id: string;
  schedule: string;
  command: string;
  wordpressId: string | null;
}

export interface SshKeyState {
  keyId: string;
  publicKey: string;
  label: string;
  createdAt: Date;
}

export interface HostingServerState {
  servername: string;
  variant: 'standard' | 'business';
  ipAddress: string;
  nameServers: string[];
  phpVersions: string[];
  dbVersions: { product: string; version: string }[];
  domainValidationToken: string;
  hostname: string;
  domains: Map<string, DomainState>;
  subdomains: Map<string, SubdomainState>;
  wordpress: Map<string, WordPressState>;
  databases: Map<string, { name: string; characterSet: string; grants: Set<string> }>;
  dbUsers: Map<string, { name: string }>;
  cronJobs: Map<string, CronJobState>;
  sshEnabled: boolean;
  sshKeys: Map<string, SshKeyState>;
  /** domain -> log lines, oldest first */
  errorLogs: Map<string, string[]>;
  diskUsedMb: number;
  diskQuotaMb: number;
  fileCount: number;
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
  /** Public DNS: verification TXT records and name-server delegation. */
  dns = new DnsState();
  private nextServiceCode = 30_000_001;
  private nextChargeId = 1;
  private nextIp = 100;
  private nextHostingId = 5001;
  private nextCronId = 7001;

  /** Ids of WordPress sites and SSH keys created through the API (seeded ones are lower). */
  allocHostingId(): string {
    const c = this.nextHostingId;
    this.nextHostingId += 1;
    return String(c);
  }

  /** Ids of cron jobs created with a WordPress install (seeded ones are lower). */
  allocCronId(): string {
    const c = this.nextCronId;
    this.nextCronId += 1;
    return String(c);
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
