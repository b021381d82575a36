import { sql } from 'drizzle-orm';
import type { Language } from '../../contract/auth.ts';
import { gstinCheckCharacter } from '../../contract/gst.ts';
import { v7 as uuidv7 } from 'uuid';
import { hashPassword } from '../lib/passwords.ts';
import { createTenantContext } from '../lib/tenant.ts';
import { isDatabaseEmpty, type Database } from './database.ts';
import { demoRecordStamp, type DemoSeeder, type SeedContext } from './demo-seeder.ts';
import { merchants } from '../modules/merchants/schema.ts';
import { organizations, users } from './platform-tables.ts';
import { seedBankDetails } from '../modules/bank-details/seed.ts';
import { seedDesigns } from '../modules/designs/seed.ts';
import { seedExpenses } from '../modules/expenses/seed.ts';
import { seedWorkers } from '../modules/workers/seed.ts';
import { seedOrders } from '../modules/orders/seed.ts';
import { seedBills } from '../modules/bills/seed.ts';
import { seedPayments } from '../modules/payments/seed.ts';
import { insertDefaultStages } from '../modules/production/stages.ts';
import { seedProduction } from '../modules/production/seed.ts';

export const DEMO_ORGANIZATION_NAME = 'Shree Ganesh Textiles';
const DEMO_OWNER_NAME = 'Demo Owner';
export const DEMO_EMAIL = 'demo@karkhana.app';
export const DEMO_PASSWORD = 'karkhana-demo';
/** Sign in as these (same password) to try what an admin and a staff member can do. */
export const DEMO_ADMIN_EMAIL = 'admin@karkhana.app';
export const DEMO_STAFF_EMAIL = 'staff@karkhana.app';

// For the bills and production seeders, which still import it from here; the other areas import
// demo-seeder.ts, and so will these when their areas are next changed.

/** With its real check character, so demo numbers pass the same validation as typed ones. */
function gstinFor(stateCode: string, pan: string): string {
  const first14 = `${stateCode}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

const DEMO_PAN = 'AAHFS7412N';
/** A complete, valid seller profile (Gujarat), as bills print it. */
const DEMO_ORGANIZATION_PROFILE = {
  name: DEMO_ORGANIZATION_NAME,
  legalName: 'Shree Ganesh Textiles (Partnership Firm)',
  address: 'Plot 42, Sachin GIDC, Road No. 6',
  city: 'Surat',
  state: '24',
  pincode: '394230',
  phone: '+91 98250 40123',
  email: 'accounts@shreeganeshtextiles.in',
  gstin: gstinFor('24', DEMO_PAN),
  pan: DEMO_PAN,
  udyamNumber: 'UDYAM-GJ-22-0012345',
  upiId: 'shreeganesh@okhdfcbank',
  billPrefix: 'INV',
  // Textile manufacturing services (job work on the customer's fabric).
  defaultSac: '998821',
  defaultGstRate: 5,
  paymentTermsDays: 15,
  billTerms: 'Payment within 15 days of the bill date. Subject to Surat jurisdiction.',
};

interface DemoMerchant {
  name: string;
  contactPerson: string;
  phone: string;
  city: string;
  address: string;
  stateCode: string;
  pan: string;
  email?: string;
  notes?: string;
}

const DEMO_MERCHANTS: DemoMerchant[] = [
  {
    name: 'Surat Silk Emporium',
    contactPerson: 'Rajesh Patel',
    phone: '+91 98250 11234',
    city: 'Surat',
    address: 'Shop 14, Millennium Textile Market, Ring Road',
    stateCode: '24',
    pan: 'AABFS1234K',
    email: 'orders@suratsilk.in',
  },
  {
    name: 'Kapadia Saree Centre',
    contactPerson: 'Hemant Kapadia',
    phone: '+91 98791 22345',
    city: 'Surat',
    address: '221, Surat Textile Market, Ring Road',
    stateCode: '24',
    pan: 'AAKPK4521M',
  },
  {
    name: 'Lakshmi Fabrics',
    contactPerson: 'Meena Shah',
    phone: '+91 99099 33456',
    city: 'Ahmedabad',
    address: '3rd Floor, New Cloth Market, Sarangpur',
    stateCode: '24',
    pan: 'AADFL7788Q',
    notes: 'Prefers delivery before the 10th of each month',
  },
  {
    name: 'Maskati Cloth Traders',
    contactPerson: 'Imran Maskati',
    phone: '+91 97250 44567',
    city: 'Ahmedabad',
    address: '45, Maskati Market, Relief Road',
    stateCode: '24',
    pan: 'AAGFM3321B',
  },
  {
    name: 'Shah & Sons Textiles',
    contactPerson: 'Bhavesh Shah',
    phone: '+91 98240 55678',
    city: 'Ahmedabad',
    address: '12, Panchkuva Cloth Market',
    stateCode: '24',
    pan: 'AAHFS5566C',
    email: 'bhavesh@shahsons.co.in',
  },
  {
    name: 'Vadodara Handloom House',
    contactPerson: 'Kiran Desai',
    phone: '+91 94272 66789',
    city: 'Vadodara',
    address: 'Mandvi Road, near Nyay Mandir',
    stateCode: '24',
    pan: 'AAIFV8899D',
  },
  {
    name: 'Rajkot Bandhani Bhandar',
    contactPerson: 'Jignesh Vora',
    phone: '+91 99250 77890',
    city: 'Rajkot',
    address: 'Dharmendra Road, Soni Bazaar',
    stateCode: '24',
    pan: 'AAJFR2233E',
  },
  {
    name: 'Mumbai Fashion House',
    contactPerson: 'Anil Mehta',
    phone: '+91 98200 88901',
    city: 'Mumbai',
    address: '102, Mulji Jetha Market, Kalbadevi',
    stateCode: '27',
    pan: 'AAKFM4455F',
    email: 'purchase@mumbaifashion.in',
  },
  {
    name: 'Kalbadevi Textile Agency',
    contactPerson: 'Suresh Jain',
    phone: '+91 98691 99012',
    city: 'Mumbai',
    address: '7, Swadeshi Market, Kalbadevi Road',
    stateCode: '27',
    pan: 'AALFK6677G',
  },
  {
    name: 'Dadar Bridal Collection',
    contactPerson: 'Priya Joshi',
    phone: '+91 98923 10123',
    city: 'Mumbai',
    address: 'Ranade Road, Dadar West',
    stateCode: '27',
    pan: 'AAMFD8899H',
    notes: 'Heavy embroidery for the wedding season',
  },
  {
    name: 'Bhiwandi Weaving Co.',
    contactPerson: 'Salim Ansari',
    phone: '+91 97690 21234',
    city: 'Bhiwandi',
    address: 'Kalyan Road, Ansar Nagar',
    stateCode: '27',
    pan: 'AANFB1122J',
  },
  {
    name: 'Pune Ethnic Wear',
    contactPerson: 'Sneha Kulkarni',
    phone: '+91 98220 32345',
    city: 'Pune',
    address: 'Laxmi Road, Budhwar Peth',
    stateCode: '27',
    pan: 'AAOFP3344K',
  },
  {
    name: 'Jaipur Block Prints',
    contactPerson: 'Vikram Singh Rathore',
    phone: '+91 94140 43456',
    city: 'Jaipur',
    address: 'Johari Bazaar, near Hawa Mahal',
    stateCode: '08',
    pan: 'AAPFJ5566L',
    email: 'sales@jaipurblock.in',
  },
  {
    name: 'Sanganer Rangrez',
    contactPerson: 'Mahesh Chhipa',
    phone: '+91 98290 54567',
    city: 'Jaipur',
    address: 'Chhipa Mohalla, Sanganer',
    stateCode: '08',
    pan: 'AAQFS7788M',
  },
  {
    name: 'Jodhpur Leheriya Mart',
    contactPerson: 'Om Prakash Bhati',
    phone: '+91 94141 65678',
    city: 'Jodhpur',
    address: 'Tripolia Bazaar',
    stateCode: '08',
    pan: 'AARFJ9900N',
  },
  {
    name: 'Ludhiana Woollens',
    contactPerson: 'Gurpreet Singh',
    phone: '+91 98140 76789',
    city: 'Ludhiana',
    address: 'Chaura Bazaar',
    stateCode: '03',
    pan: 'AASFL1212P',
    notes: 'Winter orders placed in August',
  },
  {
    name: 'Punjab Phulkari Store',
    contactPerson: 'Harjeet Kaur',
    phone: '+91 98555 87890',
    city: 'Amritsar',
    address: 'Hall Bazaar',
    stateCode: '03',
    pan: 'AATFP3434Q',
  },
  {
    name: 'Chandni Chowk Lace House',
    contactPerson: 'Amit Aggarwal',
    phone: '+91 98110 98901',
    city: 'Delhi',
    address: 'Kinari Bazaar, Chandni Chowk',
    stateCode: '07',
    pan: 'AAUFC5656R',
    email: 'amit@lacehouse.in',
  },
  {
    name: 'Karol Bagh Garments',
    contactPerson: 'Neha Gupta',
    phone: '+91 98715 09012',
    city: 'Delhi',
    address: 'Ajmal Khan Road, Karol Bagh',
    stateCode: '07',
    pan: 'AAVFK7878S',
  },
  {
    name: 'Varanasi Banarasi Kothi',
    contactPerson: 'Ashok Kumar Maurya',
    phone: '+91 94150 10124',
    city: 'Varanasi',
    address: 'Chowk, near Vishwanath Gali',
    stateCode: '09',
    pan: 'AAWFV9090T',
  },
  {
    name: 'Lucknow Chikan Kari',
    contactPerson: 'Farhan Siddiqui',
    phone: '+91 94153 21235',
    city: 'Lucknow',
    address: 'Aminabad Market',
    stateCode: '09',
    pan: 'AAXFL2323U',
    notes: 'Hand embroidery only',
  },
  {
    name: 'Kolkata Tant Ghar',
    contactPerson: 'Subhash Banerjee',
    phone: '+91 98300 32346',
    city: 'Kolkata',
    address: 'Burrabazar, Kalakar Street',
    stateCode: '19',
    pan: 'AAYFK4545V',
  },
  {
    name: 'Chennai Silks Depot',
    contactPerson: 'Lakshmi Narayanan',
    phone: '+91 98410 43457',
    city: 'Chennai',
    address: 'Usman Road, T. Nagar',
    stateCode: '33',
    pan: 'AAZFC6767W',
    email: 'depot@chennaisilks.co.in',
  },
  {
    name: 'Tiruppur Knit Exports',
    contactPerson: 'Senthil Kumar',
    phone: '+91 98422 54568',
    city: 'Tiruppur',
    address: 'Kumaran Road',
    stateCode: '33',
    pan: 'ABAFT8989X',
  },
  {
    name: 'Bengaluru Boutique Supplies',
    contactPerson: 'Kavya Reddy',
    phone: '+91 98450 65679',
    city: 'Bengaluru',
    address: 'Chickpet Main Road',
    stateCode: '29',
    pan: 'ABBFB1313Y',
  },
  {
    name: 'Navsari Zari Works',
    contactPerson: 'Dinesh Mistry',
    phone: '+91 98254 76780',
    city: 'Navsari',
    address: 'Station Road, Dudhia Talav',
    stateCode: '24',
    pan: 'ABCFN2424Z',
  },
  {
    name: 'Bhavnagar Cotton Mart',
    contactPerson: 'Paresh Trivedi',
    phone: '+91 94262 87891',
    city: 'Bhavnagar',
    address: 'Vora Bazaar',
    stateCode: '24',
    pan: 'ABDFB3535A',
  },
  {
    name: 'Indore Cloth Market Agency',
    contactPerson: 'Rakesh Agrawal',
    phone: '+91 98260 98902',
    city: 'Indore',
    address: 'M. T. Cloth Market',
    stateCode: '23',
    pan: 'ABEFI4646B',
  },
  {
    name: 'Hyderabad Pearl Sarees',
    contactPerson: 'Syed Abdul Rahman',
    phone: '+91 98490 09013',
    city: 'Hyderabad',
    address: 'Pathergatti, near Charminar',
    stateCode: '36',
    pan: 'ABFFH5757C',
  },
  {
    name: 'Ichalkaranji Power Looms',
    contactPerson: 'Sachin Patil',
    phone: '+91 98221 10125',
    city: 'Ichalkaranji',
    address: 'Main Road, Shahapur',
    stateCode: '27',
    pan: 'ABGFI6868D',
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;
const SEED_LOCK_ID = 4_721_093_119;

const seedMerchants: DemoSeeder = async (db, { tenant, now }) => {
  // Spread over the past months, newest last, so lists and sorting look lived-in.
  const rows = DEMO_MERCHANTS.map((merchant, index) => {
    const createdAt = new Date(
      now.getTime() - (DEMO_MERCHANTS.length - index) * 6 * DAY_MS - index * 3_600_000,
    );
    return {
      ...demoRecordStamp(tenant, createdAt),
      name: merchant.name,
      contactPerson: merchant.contactPerson,
      phone: merchant.phone,
      email: merchant.email ?? null,
      address: merchant.address,
      city: merchant.city,
      gstin: gstinFor(merchant.stateCode, merchant.pan),
      state: merchant.stateCode,
      notes: merchant.notes ?? null,
    };
  });
  await db.insert(merchants).values(rows);
};

export const demoSeeders: DemoSeeder[] = [
  seedMerchants,
  seedDesigns,
  seedBankDetails,
  seedOrders,
  seedBills,
  seedPayments,
  seedExpenses,
  seedWorkers,
  seedProduction,
];

/** Serializes whatever writes the demo organization: startup seeding and `demo:reset`. */
export async function lockDemoSeeding(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
}

/** One account of a demo organization's team; the first member is its owner. */
export interface DemoMember {
  name: string;
  email: string;
  role: 'owner' | 'admin' | 'staff';
}

/** The demo organization's owner, admin and staff member, who all sign in with `DEMO_PASSWORD`. */
const DEMO_TEAM: DemoMember[] = [
  { name: DEMO_OWNER_NAME, email: DEMO_EMAIL, role: 'owner' },
  { name: 'Demo Admin', email: DEMO_ADMIN_EMAIL, role: 'admin' },
  { name: 'Demo Staff', email: DEMO_STAFF_EMAIL, role: 'staff' },
];

/**
 * Writes the demo organization under `organizationId` with its team (by default the demo owner,
 * admin and staff member; every member's password hashed as `passwordHash`) and every area's demo
 * records, made by the team's first member. Returns that member's id.
 */
export async function insertDemoOrganization(
  db: Database,
  organizationId: string,
  passwordHash: string,
  now: Date,
  language: Language,
  team: DemoMember[] = DEMO_TEAM,
): Promise<string> {
  const members = team.map((member) => ({ ...member, id: uuidv7() }));
  const userId = members[0]?.id;
  if (!userId) throw new Error('A demo organization needs at least its owner');
  await db.insert(organizations).values({ id: organizationId, ...DEMO_ORGANIZATION_PROFILE });
  await insertDefaultStages(db, organizationId, language);
  await db
    .insert(users)
    .values(members.map((member) => ({ ...member, organizationId, passwordHash, language })));
  const context: SeedContext = { tenant: createTenantContext(organizationId, userId), now };
  for (const seeder of demoSeeders) await seeder(db, context);
  return userId;
}

export interface SeedResult {
  seeded: boolean;
  email: string;
  password: string;
  /** The demo admin and staff member, who share the owner's password. */
  otherEmails: string[];
}

/**
 * Fills an empty database with a demo organization; leaves a database with data untouched.
 * `language` is the demo team's interface language, which names the production stages too (the
 * rest of the demo data is a Surat workshop's own records and stays as written).
 */
export async function seedDemoData(
  db: Database,
  now = new Date(),
  language: Language = 'en',
): Promise<SeedResult> {
  const result = {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    otherEmails: [DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL],
  };
  if (!(await isDatabaseEmpty(db))) return { seeded: false, ...result };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const seeded = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    // Servers starting together must not both seed: check again under a lock.
    await lockDemoSeeding(txDb);
    if (!(await isDatabaseEmpty(txDb))) return false;
    await insertDemoOrganization(txDb, uuidv7(), passwordHash, now, language);
    return true;
  });
  return { seeded, ...result };
}
