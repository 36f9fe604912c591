import { inject } from 'vitest';

// Everything that reads DATABASE_URL (the Nest config, the data source) finds the run's database.
process.env.DATABASE_URL = inject('databaseUrl');
process.env.TEST_DATABASE_ADMIN_URL = inject('databaseAdminUrl');
