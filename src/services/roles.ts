/**
 * The role ladder: each role may do what every role below it may. A policy
 * assigns the roles above `none`; `none` and `viewer` are its default roles.
 */
export const ROLES = ['none', 'viewer', 'operator', 'approver', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const rank = (r: Role): number => ROLES.indexOf(r);
