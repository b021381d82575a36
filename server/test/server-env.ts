/**
 * The environment of a real server started as a child process for a test or a scenario: on the
 * loopback address, on an embedded database in a data folder of its own, with no demo data, and
 * only warnings in its log. The caller adds what its server serves (STATIC_DIR) and any limits.
 */
export function ownServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
}
