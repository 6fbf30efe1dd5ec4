/**
 * The database cannot answer: every query that meets a connection refused, reset or terminated
 * (the server stopped, restarted or is unreachable; PostgreSQL's class 08 and 57P01-57P03, too many
 * connections) or a closed embedded database fails with STORAGE_UNAVAILABLE (spec 002 §8: 503 with
 * Retry-After), raised here for every repository, the unit of work and the outbox alike. Any other
 * failure (a constraint, a bad query) passes through unchanged.
 */
import type { DatabaseConnection, Dialect, Driver } from 'kysely';
import { storageUnavailable } from '../../domain/storage/rules';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
/** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** pg's and PGlite's own words for a connection that is gone (they carry no code). */
const GONE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|PGlite is closed/i;

export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnreachable)) return true;
  return GONE.test(error.message);
}

const translate = (error: unknown) => (isDatabaseUnreachable(error) ? storageUnavailable(error) : error);

const guarded = new WeakSet<DatabaseConnection>();

/** The same connection object (drivers compare it by identity on release), its queries guarded once. */
function guardConnection(connection: DatabaseConnection): DatabaseConnection {
  if (guarded.has(connection)) return connection;
  const executeQuery = connection.executeQuery.bind(connection);
  connection.executeQuery = async (query) => {
    try {
      return await executeQuery(query);
    } catch (error) {
      throw translate(error);
    }
  };
  guarded.add(connection);
  return connection;
}

function guardedDriver(driver: Driver): Driver {
  return new Proxy(driver, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function' || property === 'destroy') return typeof value === 'function' ? value.bind(target) : value;
      return async (...args: unknown[]) => {
        try {
          const result: unknown = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          return property === 'acquireConnection' ? guardConnection(result as DatabaseConnection) : result;
        } catch (error) {
          throw translate(error);
        }
      };
    },
  });
}

/** The dialect, with its driver's failures to reach the database reported as STORAGE_UNAVAILABLE. */
export function reportingUnavailable(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => guardedDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
