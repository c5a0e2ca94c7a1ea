/**
 * A cron command as the audit trail keeps it: the obvious credentials masked,
 * the rest left readable.
 */
import { describe, expect, it } from 'vitest';
import { maskCommandSecrets } from '../../../src/services/hosting/index.ts';

describe('maskCommandSecrets', () => {
  it.each([
    ['mysqldump -uroot -pSECRET db > /tmp/db.sql', 'mysqldump -uroot -p*** db > /tmp/db.sql'],
    ['mysqldump --password=SECRET db', 'mysqldump --password=*** db'],
    ['mysql --password SECRET -e "x"', 'mysql --password *** -e "x"'],
    ['tool --db-password=SECRET --api-key=KEY run', 'tool --db-password=*** --api-key=*** run'],
    ['PASSWORD=SECRET /home/u/backup.sh', 'PASSWORD=*** /home/u/backup.sh'],
    ['MYSQL_PWD=SECRET mysqldump db', 'MYSQL_PWD=*** mysqldump db'],
    ["DB_PASS='SECRET' php job.php", "DB_PASS='***' php job.php"],
    ['curl -s https://bot:SECRET@example.jp/hook', 'curl -s https://bot:***@example.jp/hook'],
    ['lftp ftp://user:SECRET@ftp.example.jp -e "mirror"', 'lftp ftp://user:***@ftp.example.jp -e "mirror"'],
    ['cd /x && mysqldump -pSECRET db', 'cd /x && mysqldump -p*** db'],
  ])('masks %s', (command, masked) => {
    expect(maskCommandSecrets(command)).toBe(masked);
    expect(maskCommandSecrets(command)).not.toContain('SECRET');
  });

  it.each([
    '/usr/bin/php /home/u/example.jp/public_html/wp-cron.php',
    'mysql -p db',
    'tar -czf /tmp/x.tgz -p /home/u',
    'curl -s https://example.jp/cron?x=1',
    'rsync -av /a/ /b/ --passes-through',
    'echo compass=1',
  ])('leaves %s as it is', (command) => {
    expect(maskCommandSecrets(command)).toBe(command);
  });
});
