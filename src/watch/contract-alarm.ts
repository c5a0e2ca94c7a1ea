/**
 * A server's contract turned `suspended`: an alarm (the servers stop serving
 * and only the provider can lift it), resolved when the contract is `active`
 * again or the server leaves the list. Other contract changes stay notices.
 */
import type { AlarmContext } from './alarms.ts';
import { raiseAlarm, resolveAlarm } from './alarms.ts';
import type { IncidentTx } from './incidents.ts';

export interface ContractChange {
  uuid: string;
  name: string;
  from: string;
  to: string;
  /** `contract:<uuid>:<changedAt of the old state>:<from>><to>` */
  key: string;
  at: number;
}

/**
 * Tells a contract change as the alarm it raises or resolves; false when it
 * is neither (the caller posts it as a notice).
 */
export async function recordContractAlarm(
  tx: IncidentTx,
  change: ContractChange,
  ctx: AlarmContext & { channelsFor(uuid: string): readonly string[] },
): Promise<boolean> {
  if (change.to === 'suspended') {
    await raiseAlarm(
      tx,
      {
        kind: 'contract',
        subject: change.uuid,
        name: change.name,
        detail: { from: change.from, to: change.to },
        key: change.key,
        at: change.at,
        channels: ctx.channelsFor(change.uuid).map((channelId) => ({ channelId })),
      },
      ctx,
    );
    return true;
  }
  const r = await resolveAlarm(
    tx,
    { kind: 'contract', subject: change.uuid, key: change.key, at: change.at },
    ctx,
  );
  return r.outcome !== 'none';
}
