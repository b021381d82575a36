import { demoRecordStamp, type DemoSeeder } from '../../db/demo-seeder.ts';
import { bankDetails } from './schema.ts';

const DEMO_ACCOUNT_HOLDER = 'Shree Ganesh Textiles';

const DEMO_BANK_DETAILS = [
  {
    bankName: 'State Bank of India',
    accountNumber: '32145678901',
    ifscCode: 'SBIN0001043',
    branch: 'Ring Road, Surat',
    isActive: false,
  },
  {
    bankName: 'HDFC Bank',
    accountNumber: '50200012345678',
    ifscCode: 'HDFC0000123',
    branch: 'Athwa Gate, Surat',
    isActive: true,
  },
  {
    bankName: 'Bank of Baroda',
    accountNumber: '04560200001234',
    ifscCode: 'BARB0SURATX',
    branch: 'Textile Market, Surat',
    isActive: false,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

export const seedBankDetails: DemoSeeder = async (db, { tenant, now }) => {
  const rows = DEMO_BANK_DETAILS.map((account, index) => {
    const createdAt = new Date(now.getTime() - (DEMO_BANK_DETAILS.length - index) * 40 * DAY_MS);
    return {
      ...demoRecordStamp(tenant, createdAt),
      accountHolderName: DEMO_ACCOUNT_HOLDER,
      ...account,
    };
  });
  await db.insert(bankDetails).values(rows);
};
