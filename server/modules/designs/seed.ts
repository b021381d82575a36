import { demoRecordStamp, type DemoSeeder } from '../../db/demo-seeder.ts';
import { designs } from './schema.ts';

/** Code, name, rate per piece (null: priced per order) and, where it helps, a description. */
type DemoDesign = [designCode: string, name: string, rate: number | null, description?: string];

const DEMO_DESIGNS: DemoDesign[] = [
  ['EMB-101', 'Paisley Border', 45, 'Two-inch paisley border for saree pallu'],
  ['EMB-102', 'Mango Butta', 12.5, 'Small mango motif scattered over the body'],
  ['EMB-103', 'Peacock Pallu', 180, 'Full peacock with zari highlights'],
  ['EMB-104', 'Lotus Jaal', 95],
  ['EMB-105', 'Chikankari Bel', 60, 'Shadow-work creeper for kurta necklines'],
  ['EMB-106', 'Zari Checks', 38],
  ['EMB-107', 'Elephant Parade', 140, 'Row of elephants for dupatta ends'],
  ['EMB-108', 'Kutch Mirror Work', 210, 'Hand-placed mirrors with Kutchi stitch'],
  ['EMB-109', 'Rose Buti', 8.75],
  ['EMB-110', 'Temple Border', 52, 'South Indian temple border, gold thread'],
  ['SEQ-201', 'Sequin Star Scatter', 30],
  ['SEQ-202', 'Sequin Wave Border', 48],
  ['SEQ-203', 'Bridal Lehenga Panel', 1250, 'Heavy panel with sequins, beads and zardozi'],
  ['CUT-301', 'Cutwork Leaf Edge', 65],
  ['CUT-302', 'Scallop Hem', 22],
  ['APL-401', 'Patchwork Applique', 75, 'Cotton applique in three colours'],
  ['SMP-001', 'Sample Swatch', null, 'Trial pieces for new customers; priced per order'],
];

const DAY_MS = 24 * 60 * 60 * 1000;

export const seedDesigns: DemoSeeder = async (db, { tenant, now }) => {
  const rows = DEMO_DESIGNS.map(([designCode, name, rate, description], index) => {
    const createdAt = new Date(now.getTime() - (DEMO_DESIGNS.length - index) * 9 * DAY_MS);
    return {
      ...demoRecordStamp(tenant, createdAt),
      name,
      designCode,
      description: description ?? null,
      rate,
    };
  });
  await db.insert(designs).values(rows);
};
