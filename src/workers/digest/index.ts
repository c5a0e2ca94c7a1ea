export { DailyDigest, type DailyDigestOptions, type DigestPass, digestPageKey } from './daily-digest.ts';
