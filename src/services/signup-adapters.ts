/**
 * The concrete provider client and access service behind the signup ports.
 * Signup calls go in the interactive lane: a person waits on every one of them
 * (the background re-check of an `unknown` order included: someone waits to
 * know whether they paid).
 */
import type { ProviderClient } from '../provider/index.ts';
import type { Role, SignupAccessPort, SignupProviderPort } from './signup-ports.ts';

const interactive = { lane: 'interactive' } as const;

export function signupProviderPort(client: ProviderClient): SignupProviderPort {
  return {
    plans: () => client.plans(interactive),
    signupDryRun: (input) => client.signupDryRun(input, interactive),
    signup: (input, key) => client.signup(input, key, interactive),
  };
}

/** Roles read at call time, user-group membership included; the policy's channel list. */
export function signupAccessPort(access: {
  roleOf(userId: string): Promise<Role>;
  channelAllowed(channelId: string): boolean;
  needs(action: 'signup' | 'approve'): Role;
}): SignupAccessPort {
  return {
    roleOf: (userId) => access.roleOf(userId),
    channelAllowed: (c) => access.channelAllowed(c),
    needs: (action) => access.needs(action),
  };
}
