/**
 * SSH (docs/provider-api.md, SSH access): not in the provider's hosting
 * reference; its paths and bodies are those of the older partial spec.
 */
import { generateKeyPairSync } from 'node:crypto';
import { ApiError, validationError } from './api-error.ts';
import { body, P, server } from './hosting-common.ts';
import { accountOf } from './hosting-model.ts';
import { formatJstDateTime } from './japan-time.ts';
import type { Route } from './routing.ts';
import {
  isOpenSshPublicKey,
  optionalBoolean,
  optionalString,
  rejectUnknown,
  requireBoolean,
  requireString,
} from './validation.ts';

function sshPublicKeyFromRaw(raw: Buffer): string {
  const type = Buffer.from('ssh-ed25519');
  const len = (b: Buffer) => {
    const l = Buffer.alloc(4);
    l.writeUInt32BE(b.length);
    return l;
  };
  return `ssh-ed25519 ${Buffer.concat([len(type), type, len(raw), raw]).toString('base64')}`;
}

export function generateSshKeyPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  const raw = Buffer.from(jwk.x ?? '', 'base64url');
  return {
    publicKey: sshPublicKeyFromRaw(raw),
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
}

export const sshRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${P}/ssh`,
    handle: (ctx) => {
      const h = server(ctx, 'ssh', 'read');
      return { ssh_enabled: h.sshEnabled, host: h.servername, user: accountOf(h), port: 10022 };
    },
  },
  {
    method: 'PUT',
    pattern: `${P}/ssh`,
    handle: (ctx) => {
      const h = server(ctx, 'ssh', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['ssh_enabled'], errors);
      const enabled = requireBoolean(b, 'ssh_enabled', errors);
      if (errors.length > 0 || enabled === undefined) throw validationError(errors);
      h.sshEnabled = enabled;
      return { message: enabled ? 'SSHを有効にしました。' : 'SSHを無効にしました。', ssh_enabled: enabled };
    },
  },
  {
    method: 'GET',
    pattern: `${P}/ssh/key`,
    handle: (ctx) => ({
      ssh_keys: [...server(ctx, 'ssh', 'read').sshKeys.values()].map((k) => ({
        key_id: k.keyId,
        public_key: k.publicKey,
        label: k.label,
        created_at: formatJstDateTime(k.createdAt),
      })),
    }),
  },
  {
    method: 'POST',
    pattern: `${P}/ssh/key`,
    handle: (ctx) => {
      const h = server(ctx, 'ssh', 'write');
      const b = body(ctx);
      const errors: string[] = [];
      rejectUnknown(b, ['public_key', 'label', 'generate'], errors);
      const generate = optionalBoolean(b, 'generate', errors) === true;
      const publicKey = generate
        ? optionalString(b, 'public_key', errors)
        : requireString(b, 'public_key', errors);
      const label = generate ? optionalString(b, 'label', errors) : requireString(b, 'label', errors);
      if (generate && publicKey !== undefined) errors.push('public_key: generate と同時には指定できません。');
      if (publicKey !== undefined && !isOpenSshPublicKey(publicKey))
        errors.push('public_key: OpenSSH形式の公開鍵を指定してください。');
      if (publicKey !== undefined && [...h.sshKeys.values()].some((k) => k.publicKey === publicKey.trim())) {
        errors.push('public_key: 既に登録されている公開鍵です。');
      }
      if (label !== undefined && (label.length === 0 || [...label].length > 50))
        errors.push('label: 1文字以上50文字以内で入力してください。');
      if (errors.length > 0) throw validationError(errors);
      const keyId = ctx.core.world.allocHostingId();
      const pair = generate ? generateSshKeyPair() : undefined;
      const stored = pair?.publicKey ?? publicKey?.trim() ?? '';
      const finalLabel = label ?? `generated-${keyId}`;
      h.sshKeys.set(keyId, { keyId, publicKey: stored, label: finalLabel, createdAt: ctx.core.now() });
      return {
        message: '公開鍵を登録しました。',
        key_id: keyId,
        public_key: stored,
        label: finalLabel,
        ...(pair ? { private_key: pair.privateKey } : {}),
      };
    },
  },
  {
    method: 'DELETE',
    pattern: `${P}/ssh/key/:key_id`,
    handle: (ctx) => {
      const h = server(ctx, 'ssh', 'write');
      const id = ctx.params.key_id ?? '';
      if (!h.sshKeys.has(id)) throw new ApiError('NOT_FOUND', '指定された公開鍵が見つかりません。');
      h.sshKeys.delete(id);
      return { message: '公開鍵を削除しました。' };
    },
  },
];
