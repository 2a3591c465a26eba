/**
 * Batch CSVs: the file as a whole (functions/batches/parse.ts) and each row's cells as a
 * label form body (functions/batches/rows.ts), with errors named by column.
 */
import { describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../functions/config';
import { BATCH_MAX_BYTES, BATCH_MAX_ROWS } from '../../../domain/constants';
import { BATCH_COLUMNS, SENDER_COLUMNS } from '../../../domain/schemas/batches';
import { addDays, todayInEastern } from '../../../domain/ship-date';
import { parseBatchCsv } from '../../../functions/batches/parse';
import { CHEAPEST, fillParcel, fillSender, judgeRow } from '../../../functions/batches/rows';
import { batchResultsCsv } from '../../../functions/batches/results';
import { batchTemplateCsv } from '../../../functions/batches/template';
import { InvalidRequest } from '../../../functions/errors';
import { batchCsv, detailedRow, sampleRow, sampleRows, savedSender } from '../../fixtures/batch-csv';

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** The 400 message parsing `input` gives. */
function refusal(input: Uint8Array, options?: { senderFromAddress?: boolean }): string {
  try {
    parseBatchCsv(input, options);
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidRequest);
    return (err as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('batch CSV file (parseBatchCsv)', () => {
  it('reads rows numbered as a spreadsheet shows them (header = row 1), cells trimmed', () => {
    const rows = parseBatchCsv(bytes(batchCsv([sampleRow({ toName: '  Bo Receiver  ' }), sampleRow({ toName: 'Cy' })])));
    expect(rows.map((r) => r.row)).toEqual([2, 3]);
    expect(rows[0]?.fields.toName).toBe('Bo Receiver');
    expect(rows[1]?.fields.labelType).toBe('usps_priority');
  });

  it("strips Excel's byte order mark", () => {
    const rows = parseBatchCsv(bytes('\uFEFF' + batchCsv([sampleRow()])));
    expect(Object.keys(rows[0]?.fields ?? {})).toContain('labelType');
  });

  it('matches header names case-insensitively and keeps the canonical names', () => {
    const header = BATCH_COLUMNS.map((c) => c.toUpperCase());
    const text = [header.join(','), BATCH_COLUMNS.map((c) => sampleRow()[c]).join(',')].join('\n');
    const rows = parseBatchCsv(bytes(text));
    expect(rows[0]?.fields.fromZip).toBe('78701');
    expect(rows[0]?.fields).not.toHaveProperty('FROMZIP');
  });

  it('refuses unknown, repeated and missing columns, naming them', () => {
    expect(refusal(bytes(batchCsv([sampleRow()], [...BATCH_COLUMNS, 'colour'])))).toMatch(/Unknown column: colour/);
    expect(refusal(bytes(batchCsv([sampleRow()], [...BATCH_COLUMNS, 'TOZIP'])))).toMatch(/more than once: toZip/);
    expect(
      refusal(
        bytes(
          batchCsv(
            [sampleRow()],
            BATCH_COLUMNS.filter((c) => c !== 'weight' && c !== 'toCity'),
          ),
        ),
      ),
    ).toMatch(/Missing columns: weight, toCity/);
  });

  it('lets the optional columns and, with a saved sender, the sender columns be left out', () => {
    const withoutOptional = BATCH_COLUMNS.filter((c) => c !== 'shipDate' && c !== 'toEmail');
    expect(parseBatchCsv(bytes(batchCsv([sampleRow()], withoutOptional)))).toHaveLength(1);
    const withoutSender = BATCH_COLUMNS.filter((c) => !SENDER_COLUMNS.includes(c));
    expect(refusal(bytes(batchCsv([sampleRow()], withoutSender)))).toMatch(/Missing columns: fromName.*saved sender/);
    expect(parseBatchCsv(bytes(batchCsv([sampleRow()], withoutSender)), { senderFromAddress: true })).toHaveLength(1);
  });

  it('refuses a ragged row, naming its row and both lengths', () => {
    const text = batchCsv(sampleRows(3)).split('\r\n');
    text[2] = text[2] + ',extra';
    expect(refusal(bytes(text.join('\r\n')))).toBe(`Row 3 has ${BATCH_COLUMNS.length + 1} cells; the header has ${BATCH_COLUMNS.length}.`);
  });

  it('refuses bytes that are not UTF-8 (a Latin-1 export), and text a front already decoded with replacement characters', () => {
    const latin1 = Buffer.concat([bytes(batchCsv([sampleRow()]).slice(0, -2)), Buffer.from([0x2c]), Buffer.from('Jos\xe9', 'latin1'), bytes('\r\n')]);
    expect(refusal(latin1)).toMatch(/not UTF-8/);
    expect(refusal(bytes(batchCsv([sampleRow({ toName: 'Jos\uFFFD' })])))).toMatch(/not UTF-8/);
  });

  it(`takes ${BATCH_MAX_ROWS} rows and refuses ${BATCH_MAX_ROWS + 1}`, () => {
    expect(parseBatchCsv(bytes(batchCsv(sampleRows(BATCH_MAX_ROWS))))).toHaveLength(BATCH_MAX_ROWS);
    expect(refusal(bytes(batchCsv(sampleRows(BATCH_MAX_ROWS + 1))))).toMatch(/at most 500 labels; this file has 501/);
  });

  it('refuses the file when a cell is longer than its field allows, naming row and column', () => {
    expect(parseBatchCsv(bytes(batchCsv([sampleRow({ toZip: '12345-6789', toStreet: 'x'.repeat(200) })])))).toHaveLength(1);
    expect(refusal(bytes(batchCsv([sampleRow(), sampleRow({ toZip: '12345-67890' })])))).toBe(
      'Cell longer than the field allows: row 3, column toZip: at most 10 characters (it has 11). Shorten it and upload again.',
    );
    const many = sampleRows(8).map((r, i) => (i % 2 ? { ...r, fromName: 'n'.repeat(101) } : r));
    const five = refusal(bytes(batchCsv([sampleRow({ labelType: 'x'.repeat(65) }), ...many])));
    expect(five).toMatch(
      /^Cells longer than the field allows: row 2, column labelType: at most 64 characters \(it has 65\); row 4, column fromName: at most 100 characters \(it has 101\);/,
    );
    expect(five.match(/row \d+, column/g)).toHaveLength(5);
    expect(five).not.toMatch(/more/);
    expect(refusal(bytes(batchCsv([...many, ...many])))).toMatch(/, and 3 more\. Shorten them and upload again\.$/);
  });

  it('refuses a file over 1 MiB', () => {
    const big = bytes(batchCsv([sampleRow({ toStreet: 'x'.repeat(BATCH_MAX_BYTES) })]));
    expect(refusal(big)).toMatch(/larger than 1 MB/);
  });

  it('refuses an empty file, a header alone, and an unclosed quote', () => {
    expect(refusal(bytes(''))).toMatch(/empty/);
    expect(refusal(bytes(' \r\n'))).toMatch(/empty/);
    expect(refusal(bytes(BATCH_COLUMNS.join(',') + '\r\n'))).toMatch(/no label rows/);
    expect(refusal(bytes(batchCsv([sampleRow({ toName: 'x' })]).replace(',x,', ',"x,')))).toMatch(/Row 2 opens a quote/);
  });

  it("skips blank rows (a spreadsheet's trailing ,,,,) but keeps the numbering", () => {
    const text = batchCsv([sampleRow(), {}, sampleRow()]);
    expect(parseBatchCsv(bytes(text)).map((r) => r.row)).toEqual([2, 4]);
  });
});

describe('batch row -> label form body (judgeRow)', () => {
  it('turns a valid row into the credits body the dialog would send', () => {
    const judged = judgeRow(sampleRow({ weight: '2.5', toEmail: 'bo@example.com' }), 'table');
    expect(judged.valid).toBe(true);
    if (!judged.valid) return;
    expect(judged.body).toMatchObject({ labelType: 'usps_priority', weight: 2.5, paymentMethod: 'credits', to: { email: 'bo@example.com' } });
    expect(judged.body.from).toMatchObject({ name: 'Ann Sender', zip: '78701', state: 'TX' });
    expect(judged.body.shipDate).toBeUndefined();
  });

  it('names each error by its CSV column, with the form message', () => {
    const judged = judgeRow(sampleRow({ weight: 'heavy', toZip: '1234', fromState: 'XX', toEmail: 'nope', toName: '' }), 'table');
    expect(judged.valid).toBe(false);
    expect(judged.errors).toEqual([
      { column: 'weight', message: 'Weight must be a positive number' },
      { column: 'fromState', message: 'Use a two-letter US state code' },
      { column: 'toName', message: 'Required' },
      { column: 'toZip', message: 'ZIP must be 5 digits or ZIP+4' },
      { column: 'toEmail', message: 'Invalid email format' },
    ]);
  });

  it('judges the ship date against today in US Eastern time', () => {
    expect(judgeRow(sampleRow({ shipDate: todayInEastern() }), 'table').valid).toBe(true);
    const late = judgeRow(sampleRow({ shipDate: addDays(todayInEastern(), 8) }), 'table');
    expect(late.errors.map((e) => e.column)).toEqual(['shipDate']);
    expect(judgeRow(sampleRow({ shipDate: '12/01/2026' }), 'table').errors.map((e) => e.column)).toEqual(['shipDate']);
  });

  it('makes an unknown label type a row error on labelType, and too heavy a parcel one on weight', () => {
    expect(judgeRow(sampleRow({ labelType: 'fedex' }), 'table').errors).toEqual([
      { column: 'labelType', message: expect.stringMatching(/Unknown label type: use one of .*usps_priority/) as string },
    ]);
    expect(judgeRow(sampleRow({ weight: '71' }), 'table').errors.map((e) => e.column)).toEqual(['weight']);
  });

  it('reads the label type in table mode and the service in rates mode, the other cell not read', () => {
    const table = judgeRow(sampleRow({ service: 'not read' }), 'table');
    expect(table.valid && [table.body.labelType, table.body.service]).toEqual(['usps_priority', undefined]);

    const named = judgeRow(sampleRow({ labelType: 'not read', service: 'usps_priority_mail' }), 'rates');
    expect(named.valid && [named.body.labelType, named.body.service]).toEqual([undefined, 'usps_priority_mail']);
    // Blank: the cheapest, chosen once the row is quoted.
    const blank = judgeRow(sampleRow({ service: '' }), 'rates');
    expect(blank.valid && blank.body.service).toBe(CHEAPEST);
    // Unknown, or not one the quote lists (Media Mail is a table-mode type's service only).
    for (const service of ['usps_teleport', 'usps_media_mail']) {
      expect(judgeRow(sampleRow({ service }), 'rates').errors).toEqual([
        {
          column: 'service',
          message: expect.stringMatching(/^Unknown USPS service: use one of usps_ground_advantage, .*or leave it blank for the cheapest$/) as string,
        },
      ]);
    }
  });

  it("judges a long cell by the label form's own limit (a stored row from before the file limits)", () => {
    expect(judgeRow(sampleRow({ toStreet: 'x'.repeat(201) }), 'table').errors).toEqual([{ column: 'toStreet', message: 'Must be at most 200 characters' }]);
  });

  it('fills only blank sender cells from a saved address', () => {
    const saved = { name: 'Saved Co', street: '9 Dock Rd', city: 'Dallas', state: 'TX', zip: '75201', country: 'US' };
    const filled = fillSender({ ...sampleRow(), fromName: 'Own Name', fromStreet: '', fromCity: '  ' }, saved);
    expect(filled).toMatchObject({ fromName: 'Own Name', fromStreet: '9 Dock Rd', fromCity: 'Dallas', fromZip: '78701' });
  });

  it("fills a saved address's company, second line and phone only where it fills the street", () => {
    const blank = { ...sampleRow(), fromName: '', fromStreet: '', fromCity: '', fromState: '', fromZip: '', fromCountry: '' };
    expect(fillSender(blank, savedSender)).toMatchObject({ fromCompany: 'Dock Works', fromStreet: '9 Dock Rd', fromStreet2: 'Bay 4', fromPhone: '2145550100' });
    // A row's own cells stand; a saved address without the optional fields leaves them blank.
    expect(fillSender({ ...blank, fromPhone: '512 555 0100' }, savedSender).fromPhone).toBe('512 555 0100');
    expect(fillSender(blank, { ...savedSender, company: undefined, street2: undefined, phone: undefined })).toMatchObject({
      fromCompany: '',
      fromStreet2: '',
      fromPhone: '',
    });
    // A row with its own street never gets the saved building's suite.
    expect(fillSender({ ...blank, fromStreet: '1 Own St' }, savedSender)).toMatchObject({
      fromCompany: '',
      fromStreet: '1 Own St',
      fromStreet2: '',
      fromPhone: '',
    });
  });
});

describe('company, second street line and phone columns', () => {
  it("fill each side's company, street2 and phone, the phone kept as its ten digits", () => {
    const judged = judgeRow(detailedRow, 'table');
    expect(judged.valid).toBe(true);
    if (!judged.valid) return;
    expect(judged.body.from).toMatchObject({ company: 'Ann Crafts', street2: 'Suite 200', phone: '5125550100' });
    expect(judged.body.to).toMatchObject({ company: 'Bo Imports', street2: 'Apt 4', phone: '2125550100' });
  });

  it('name their own errors, and blank cells are left out of the body', () => {
    // In column order, the sender's first.
    expect(judgeRow(sampleRow({ fromPhone: '555-0100', toStreet2: 'x'.repeat(101), toCompany: 'see www.example.com' }), 'table').errors).toEqual([
      { column: 'fromPhone', message: 'Phone must be a 10-digit US number' },
      { column: 'toCompany', message: 'Links are not allowed here' },
      { column: 'toStreet2', message: 'Must be at most 100 characters' },
    ]);
    const plain = judgeRow(sampleRow(), 'table');
    expect(plain.valid && JSON.parse(JSON.stringify(plain.body.from))).toEqual({
      name: 'Ann Sender',
      street: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
    });
  });

  it('may be left out of a file, as files made before them are', () => {
    const older = BATCH_COLUMNS.filter((c) => !/^(from|to)(Company|Street2|Phone)$/.test(c));
    expect(older).toHaveLength(BATCH_COLUMNS.length - 6);
    const rows = parseBatchCsv(bytes(batchCsv([sampleRow()], older)));
    expect(judgeRow(rows[0]!.fields, 'table').valid).toBe(true);
    expect(rows[0]!.fields).not.toHaveProperty('toPhone');
  });

  it('refuse a cell longer than its field allows', () => {
    expect(refusal(bytes(batchCsv([sampleRow({ fromCompany: 'c'.repeat(101) })])))).toMatch(/column fromCompany: at most 100 characters/);
    expect(refusal(bytes(batchCsv([sampleRow({ toPhone: '5'.repeat(31) })])))).toMatch(/column toPhone: at most 30 characters/);
  });
});

describe('saved packages fill the parcel (fillParcel)', () => {
  const box = { id: 'p1', name: 'Big Box', weight: 12, length: 20, width: 16, height: 12, isDefault: false, createdAt: '' };
  const mailer = { id: 'p2', name: 'Mailer', weight: 0.5, length: 12, width: 9, height: 1, isDefault: true, createdAt: '' };
  const blank = sampleRow({ weight: '', length: '', width: '', height: '' });
  const parcel = (f: Record<string, string | undefined>) => [f.package, f.weight, f.length, f.width, f.height];

  it('fills the blank cells from the package named, case and spaces ignored; cells given stay', () => {
    expect(parcel(fillParcel({ ...blank, package: ' big BOX ' }, [box, mailer]).fields)).toEqual(['big BOX', '12', '20', '16', '12']);
    expect(parcel(fillParcel({ ...blank, package: 'Big Box', weight: '3' }, [box]).fields)).toEqual(['Big Box', '3', '20', '16', '12']);
  });

  it('fills a row with no package and a blank parcel from the default, naming it; a row with its own parcel keeps it', () => {
    expect(parcel(fillParcel(blank, [box, mailer]).fields)).toEqual(['Mailer', '0.5', '12', '9', '1']);
    expect(fillParcel(sampleRow({ height: '' }), [box, mailer]).fields).toEqual(sampleRow({ height: '' }));
    expect(fillParcel(blank, [box]).fields).toEqual(blank);
  });

  it('names an unknown package as the row error on its column, the form errors beside it', () => {
    const { fields, errors } = fillParcel({ ...blank, package: 'Crate' }, [box, mailer]);
    expect(errors).toEqual([{ column: 'package', message: 'No saved package is named "Crate"' }]);
    expect(judgeRow(fields, 'table', errors).errors.map((e) => e.column)).toEqual(['package', 'weight', 'length', 'width', 'height']);
    expect(judgeRow(sampleRow(), 'table', errors).valid).toBe(false);
  });
});

describe('template and results CSV', () => {
  it('the template is every column in order and one example row that is valid as it is', () => {
    const rows = parseBatchCsv(bytes(batchTemplateCsv()));
    expect(batchTemplateCsv().startsWith('\uFEFF' + BATCH_COLUMNS.join(','))).toBe(true);
    expect(batchTemplateCsv()).toMatch(/fromName,fromCompany,fromStreet,fromStreet2,fromCity,fromState,fromZip,fromCountry,fromPhone,/);
    expect(batchTemplateCsv()).toMatch(/toName,toCompany,toStreet,toStreet2,toCity,toState,toZip,toCountry,toPhone,toEmail/);
    expect(rows).toHaveLength(1);
    const judged = judgeRow(rows[0]!.fields, 'table');
    expect(judged.valid).toBe(true);
    // The example shows the optional columns filled.
    expect(judged.valid && judged.body.from).toMatchObject({ company: 'Springfield Crafts', street2: 'Suite 200', phone: '2175550100' });
  });

  it("in rates mode the template's example names a USPS service and leaves the label type blank, valid as it is", () => {
    vi.stubEnv('PRICING_MODE', 'rates');
    resetConfigForTests();
    try {
      const [row] = parseBatchCsv(bytes(batchTemplateCsv()));
      expect(row?.fields).toMatchObject({ labelType: '', service: 'usps_ground_advantage' });
      const judged = judgeRow(row!.fields, 'rates');
      expect(judged.valid && judged.body.service).toBe('usps_ground_advantage');
    } finally {
      vi.unstubAllEnvs();
      resetConfigForTests();
    }
  });

  it('results: row,status,trackingNumber,price,error with the BOM, prices bare and formula-like errors neutralised', () => {
    const base = { fields: {}, valid: true, errors: [], shipOrderId: null, tracking: null, error: null };
    const csv = batchResultsCsv([
      { ...base, row: 2, status: 'bought', priceCents: 600, tracking: '9400100000000000000001', shipOrderId: 'o1' },
      { ...base, row: 3, status: 'failed', priceCents: 600, error: '=HYPERLINK("x")' },
      { ...base, row: 4, status: 'invalid', valid: false, priceCents: null, errors: [{ column: 'toZip', message: 'ZIP must be 5 digits or ZIP+4' }] },
    ]);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFrow,status,trackingNumber,price,error',
      '2,bought,9400100000000000000001,6.00,',
      `3,failed,,6.00,"'=HYPERLINK(""x"")"`,
      '4,invalid,,,toZip: ZIP must be 5 digits or ZIP+4',
      '',
    ]);
  });
});
