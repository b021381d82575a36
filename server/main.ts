import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { isDatabaseEmpty } from './db/database.ts';
import { DataFolderError } from './db/embedded/data-folder.ts';
import { migrate } from './db/migrate.ts';
import { seedDemoData } from './db/seed.ts';
import { loggerOptions } from './lib/logger.ts';
import { purgeOldAttempts } from './modules/auth/attempt-throttle.ts';
import { purgeExpiredRecovery } from './modules/auth/recovery.ts';
import { purgeExpiredSessions } from './modules/auth/sessions.ts';
import { purgeExpiredSignUps } from './modules/auth/sign-up.ts';
import { purgeExpiredIdempotencyKeys } from './plugins/idempotency.ts';

const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

/** Embedded databases get demo data when empty unless turned off; PostgreSQL only when asked. */
async function shouldSeed(config: Config, database: DatabaseHandle): Promise<boolean> {
  if (config.seedDemo === false) return false;
  if (config.seedDemo === true) return true;
  return database.kind === 'embedded' && (await isDatabaseEmpty(database.db));
}

/** Open until the server stops; closed (stopping the embedded PostgreSQL) when start-up fails. */
let openedDatabase: DatabaseHandle | undefined;

async function stopBeforeReady(database: DatabaseHandle, reason: string): Promise<never> {
  console.log(`${reason} during start-up; stopping`);
  await database.close();
  process.exit(0);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Ctrl+C in a terminal (or a stop by process group) reaches every process of npm start, and the
  // launchers pass it on as well, so a signal can come more than once: `on`, not `once`, or the
  // second would kill the server while it closes the database. A stop that arrives while the
  // database is starting waits for that start and then stops it; dying there would leave the
  // (detached) PostgreSQL running on its own.
  let stopRequested: string | undefined;
  let shutdown = (reason: string): Promise<void> => {
    stopRequested ??= reason;
    return Promise.resolve();
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // A hangup (its terminal closed) would otherwise end the server at once and leave the detached
  // PostgreSQL running.
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
  // scripts/start.mjs holds a channel open to the server; it closes when start.mjs ends in any
  // way, a SIGKILL included, and the server then stops instead of running on without a launcher.
  if (process.channel) {
    process.channel.unref();
    process.on('disconnect', () => void shutdown('launcher gone'));
  }

  // Until the app's logger exists, the embedded database reports to the console.
  let logTo: (level: 'info' | 'warn' | 'error', message: string) => void = (level, message) =>
    level === 'info' ? console.log(message) : console.error(message);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: (level, message) => logTo(level, message),
  });
  openedDatabase = database;
  if (stopRequested) await stopBeforeReady(database, stopRequested);
  const app = await buildApp({
    db: database.db,
    dataDir: database.kind === 'embedded' ? config.dataDir : null,
    logger: loggerOptions({ level: config.logLevel, format: config.logFormat }),
    oneLinePerRequest: config.logFormat === 'pretty',
    staticDir: config.staticDir,
    trustProxy: config.trustProxy,
    cookieSecure: config.cookieSecure,
    rateLimitPerMinute: config.rateLimitPerMinute,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    dailyDigest: true,
  });
  const log = app.log;
  logTo = (level, message) => log[level](message);

  const { applied } = await migrate(database.db);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  const seed = (await shouldSeed(config, database))
    ? await seedDemoData(database.db, new Date(), config.demoLanguage)
    : undefined;
  if (stopRequested) await stopBeforeReady(database, stopRequested);

  const housekeeping = setInterval(() => {
    Promise.all([
      purgeExpiredSessions(database.db),
      purgeOldAttempts(database.db),
      purgeExpiredSignUps(database.db),
      purgeExpiredRecovery(database.db),
      purgeExpiredIdempotencyKeys(database.db),
    ]).catch((error: unknown) => log.warn({ err: error }, 'housekeeping failed'));
  }, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  let shuttingDown = false;
  shutdown = async (reason: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ reason }, 'shutting down');
    clearInterval(housekeeping);
    const forceExit = setTimeout(() => {
      log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    forceExit.unref();
    try {
      // Stops accepting connections and waits for in-flight requests before the database closes.
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info(
    `Karkhana is running at http://${shownHost}:${port} (${database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  if (seed?.seeded) {
    log.info(
      `Demo data loaded. Sign in with ${seed.email} / ${seed.password} (or, to try other roles, ${seed.otherEmails.join(' or ')} with the same password)`,
    );
  }
}

main().catch(async (error: unknown) => {
  console.error(error instanceof DataFolderError ? error.message : error);
  await openedDatabase?.close().catch(() => undefined);
  process.exit(1);
});
