/**
 * The two kinds of Slack principal a role can be given to, told apart by the
 * shape of their ids as Slack's own API description writes them: a person is
 * a user id (`U…`, or `W…` for an Enterprise Grid user), a user group is an
 * `S…` id. A role given to a user id belongs to that person alone; one given
 * to a group reaches people only through the group's members. An id of
 * either kind is never compared with an id of the other.
 */
const USER_ID = /^[UW][A-Z0-9]{2,}$/;
const GROUP_ID = /^S[A-Z0-9]{2,}$/;

/** A Slack user id: who may act. Anything else (a group, a channel, a bot) is nobody. */
export const isUserId = (id: unknown): id is string => typeof id === 'string' && USER_ID.test(id);

/** A Slack user-group id: grants a role to its members, never to itself. */
export const isGroupId = (id: unknown): id is string => typeof id === 'string' && GROUP_ID.test(id);
