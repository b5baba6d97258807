import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GstReport } from '@thalir/contracts';
import { jsonAnswer, mockApi } from '@thalir/api-client/testing';
import { renderAdmin, signInAs } from '../../../testing/render-admin';

const noTax = { integratedTax: 0, centralTax: 0, stateTax: 0 };

const november: GstReport = {
  month: '2026-11',
  seller: { gstin: '33AABCT1234C1Z3', state: '33-Tamil Nadu' },
  b2cl: [
    {
      invoiceNumber: 'TB/2026-27/000003',
      invoiceDate: '2026-11-26',
      invoiceValue: 106860,
      placeOfSupply: '29-Karnataka',
      rate: 5,
      taxableValue: 100057.14,
      ...noTax,
      integratedTax: 5002.86,
    },
  ],
  b2cs: [
    { type: 'OE', placeOfSupply: '29-Karnataka', rate: 5, taxableValue: 50057.14, ...noTax, integratedTax: 2502.86 },
    { type: 'OE', placeOfSupply: '33-Tamil Nadu', rate: 5, taxableValue: 50057.14, ...noTax, centralTax: 1251.43, stateTax: 1251.43 },
  ],
  cdnur: [],
  exemp: [
    { description: 'Inter-State supplies to registered persons', nilRated: 0, exempted: 0, nonGst: 0 },
    { description: 'Intra-State supplies to registered persons', nilRated: 0, exempted: 0, nonGst: 0 },
    { description: 'Inter-State supplies to unregistered persons', nilRated: 0, exempted: 1800, nonGst: 0 },
    { description: 'Intra-State supplies to unregistered persons', nilRated: 0, exempted: 1350, nonGst: 0 },
  ],
  hsn: [
    { hsn: '0603', description: '', uqc: 'NOS', totalQuantity: 7, totalValue: 3150, rate: 0, taxableValue: 3150, ...noTax },
    {
      hsn: '0604',
      description: '',
      uqc: 'NOS',
      totalQuantity: 4,
      totalValue: 210180,
      rate: 5,
      taxableValue: 200171.42,
      integratedTax: 7505.72,
      centralTax: 1251.43,
      stateTax: 1251.43,
    },
  ],
  docs: [{ nature: 'Invoices for outward supply', from: 'TB/2026-27/000001', to: 'TB/2026-27/000004', totalNumber: 4, cancelled: 1, netIssued: 3 }],
  totals: {
    invoices: { documents: 3, value: 213330, taxableValue: 203321.42, integratedTax: 7505.72, centralTax: 1251.43, stateTax: 1251.43 },
    creditNotes: { documents: 0, value: 0, taxableValue: 0, ...noTax },
    net: { value: 213330, taxableValue: 203321.42, integratedTax: 7505.72, centralTax: 1251.43, stateTax: 1251.43 },
  },
};
const october: GstReport = { ...november, month: '2026-10', b2cl: [], b2cs: [], hsn: [], docs: [] };

/** The text of each body and total row's cells, the headings row left out. */
const cellsOf = (region: HTMLElement) =>
  within(region)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

beforeEach(() => signInAs('admin'));
afterEach(() => jest.restoreAllMocks());

describe('/admin/gst-report', () => {
  it("opens on last month in India and shows GSTR-1's tables with their totals", async () => {
    // 00:30 on 1 December in India, still 30 November in UTC: the return due now is November's.
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-30T19:00:00Z'));
    const { callsTo } = mockApi({ 'GET /api/admin/reports/gst?month=2026-11': () => jsonAnswer(november) });
    renderAdmin('/admin/gst-report');

    expect(await screen.findByText(/GSTR-1 for November 2026/)).toHaveTextContent('Table 4A (B2B) is empty');
    expect(screen.getByRole('heading', { level: 1, name: 'GST report' })).toBeInTheDocument();
    expect(screen.getByLabelText('Month')).toHaveValue('2026-11');
    expect(callsTo('GET', '/api/admin/reports/gst')).toHaveLength(1);

    expect(cellsOf(screen.getByRole('region', { name: 'B2C small (Table 7)' }))).toEqual([
      ['29-Karnataka', '5%', '₹50,057.14', '₹2,502.86', '₹0.00', '₹0.00'],
      ['33-Tamil Nadu', '5%', '₹50,057.14', '₹0.00', '₹1,251.43', '₹1,251.43'],
      ['Total', '', '₹1,00,114.28', '₹2,502.86', '₹1,251.43', '₹1,251.43'],
    ]);
    expect(cellsOf(screen.getByRole('region', { name: 'B2C large (Table 5)' }))[0]).toEqual([
      'TB/2026-27/000003',
      'Thu, 26 Nov 2026',
      '29-Karnataka',
      '₹1,06,860.00',
      '5%',
      '₹1,00,057.14',
      '₹5,002.86',
    ]);
    expect(within(screen.getByRole('region', { name: 'HSN summary, B2C (Table 12)' })).getByText('₹2,03,321.42')).toBeInTheDocument();
    expect(cellsOf(screen.getByRole('region', { name: 'Documents issued (Table 13)' }))[0]).toEqual([
      'Invoices for outward supply',
      'TB/2026-27/000001',
      'TB/2026-27/000004',
      '4',
      '1',
      '3',
    ]);
    expect(cellsOf(screen.getByRole('region', { name: 'Totals' }))).toEqual([
      ['Invoices', '3', '₹2,13,330.00', '₹2,03,321.42', '₹7,505.72', '₹1,251.43', '₹1,251.43'],
      ['Credit notes', '0', '₹0.00', '₹0.00', '₹0.00', '₹0.00', '₹0.00'],
      ['Net', '', '₹2,13,330.00', '₹2,03,321.42', '₹7,505.72', '₹1,251.43', '₹1,251.43'],
    ]);

    const creditNotes = screen.getByRole('region', { name: 'Credit notes to unregistered buyers (Table 9B)' });
    expect(within(creditNotes).getByText('Nothing this month.')).toBeInTheDocument();
    expect(within(creditNotes).getByRole('button', { name: 'Download CSV: Credit notes to unregistered buyers (Table 9B)' })).toBeDisabled();
  });

  it('downloads a table as the offline tool’s CSV with the bearer token, and says so when it cannot', async () => {
    const csv = new Blob(['HSN,Description,UQC\r\n'], { type: 'text/csv' });
    const { callsTo, answer } = mockApi({
      'GET /api/admin/reports/gst?month=2026-11': () => jsonAnswer(november),
      'GET /api/admin/reports/gst.csv?month=2026-11&table=hsn': () => ({ body: csv, headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/gst-report?month=2026-11');
    await screen.findByText(/GSTR-1 for November 2026/);
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });

    await user.click(screen.getByRole('button', { name: 'Download CSV: HSN summary, B2C (Table 12)' }));
    await waitFor(() => expect(saved).toEqual(['GSTR1_2026-11_hsn(b2c).csv']));
    expect(callsTo('GET', '/api/admin/reports/gst.csv')[0].authorization).toBe('Bearer test-token-admin');

    answer({ 'GET /api/admin/reports/gst.csv?month=2026-11&table=b2cs': () => jsonAnswer({ success: false, message: 'Server error' }, 500) });
    await user.click(screen.getByRole('button', { name: 'Download CSV: B2C small (Table 7)' }));
    expect(await screen.findByText('Could not download the CSV')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });

  it('loads another month from the month picker', async () => {
    const { callsTo } = mockApi({
      'GET /api/admin/reports/gst?month=2026-11': () => jsonAnswer(november),
      'GET /api/admin/reports/gst?month=2026-10': () => jsonAnswer(october),
    });
    renderAdmin('/admin/gst-report?month=2026-11');
    await screen.findByText(/GSTR-1 for November 2026/);

    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-10' } });
    expect(await screen.findByText(/GSTR-1 for October 2026/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/gst-report?month=2026-10');
    expect(callsTo('GET', '/api/admin/reports/gst').map((call) => call.url)).toEqual([
      '/api/admin/reports/gst?month=2026-11',
      '/api/admin/reports/gst?month=2026-10',
    ]);
    expect(within(screen.getByRole('region', { name: 'B2C small (Table 7)' })).getByText('Nothing this month.')).toBeInTheDocument();
  });

  it('says so when the report cannot be loaded', async () => {
    mockApi({ 'GET /api/admin/reports/gst?month=2026-11': () => jsonAnswer({ success: false, message: 'Server error' }, 500) });
    renderAdmin('/admin/gst-report?month=2026-11');
    expect(await screen.findByText('Could not load the GST report')).toBeInTheDocument();
  });
});
