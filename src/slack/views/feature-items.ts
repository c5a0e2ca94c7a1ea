/**
 * Items of the features as another surface shows them (the App Home): a
 * request waiting on a decision, with the very buttons of its message (the
 * same action ids and values, so a click goes through the same listener and
 * the same decision machine), and an open incident with its claim and card
 * buttons, as `/vps incidents` lists it. Each stays the feature's own drawing;
 * it is named here, at the top of views/, because a feature folder never
 * reaches into another (CONTRIBUTING.md: what two share sits at the top).
 */
export { lossText, operationButtons, operationTitle } from './hosting/operations.ts';
export { periodLabel, signupDecisionButtons } from './signup/approval.ts';
export { shownState } from './signup/shown-state.ts';
export { incidentBlocks } from './watch/incident-list.ts';
