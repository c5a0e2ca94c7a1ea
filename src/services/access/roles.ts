/** The role ladder lives beside the services' shared words (the refusals name roles): access uses it from there. */
export { ROLES, type Role, rank } from '../roles.ts';
