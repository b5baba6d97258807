/** A state or union territory with its GST state code. */
export interface IndianState {
  name: string;
  code: string;
}

const S = (name: string, code: string): IndianState => ({ name, code });
const TAMIL_NADU = S('Tamil Nadu', '33');
const KARNATAKA = S('Karnataka', '29');

/**
 * Where a PIN code is, by its leading digits (the longest prefix listed wins). The postal circles
 * follow the states closely; the few places where a state sits inside another's range are listed
 * with longer prefixes. Enough to tell CGST + SGST from IGST, not a postal directory.
 */
const BY_PREFIX: Record<string, IndianState> = {
  '11': S('Delhi', '07'),
  '12': S('Haryana', '06'),
  '13': S('Haryana', '06'),
  '14': S('Punjab', '03'),
  '15': S('Punjab', '03'),
  '16': S('Punjab', '03'),
  '160': S('Chandigarh', '04'),
  '17': S('Himachal Pradesh', '02'),
  '18': S('Jammu and Kashmir', '01'),
  '19': S('Jammu and Kashmir', '01'),
  '194': S('Ladakh', '38'),
  '20': S('Uttar Pradesh', '09'),
  '21': S('Uttar Pradesh', '09'),
  '22': S('Uttar Pradesh', '09'),
  '23': S('Uttar Pradesh', '09'),
  '24': S('Uttar Pradesh', '09'),
  '246': S('Uttarakhand', '05'),
  '247': S('Uttarakhand', '05'),
  '248': S('Uttarakhand', '05'),
  '249': S('Uttarakhand', '05'),
  '25': S('Uttar Pradesh', '09'),
  '26': S('Uttar Pradesh', '09'),
  '262': S('Uttarakhand', '05'),
  '263': S('Uttarakhand', '05'),
  '27': S('Uttar Pradesh', '09'),
  '28': S('Uttar Pradesh', '09'),
  '30': S('Rajasthan', '08'),
  '31': S('Rajasthan', '08'),
  '32': S('Rajasthan', '08'),
  '33': S('Rajasthan', '08'),
  '34': S('Rajasthan', '08'),
  '36': S('Gujarat', '24'),
  '37': S('Gujarat', '24'),
  '38': S('Gujarat', '24'),
  '39': S('Gujarat', '24'),
  '396': S('Dadra and Nagar Haveli and Daman and Diu', '26'),
  '40': S('Maharashtra', '27'),
  '403': S('Goa', '30'),
  '41': S('Maharashtra', '27'),
  '42': S('Maharashtra', '27'),
  '43': S('Maharashtra', '27'),
  '44': S('Maharashtra', '27'),
  '45': S('Madhya Pradesh', '23'),
  '46': S('Madhya Pradesh', '23'),
  '47': S('Madhya Pradesh', '23'),
  '48': S('Madhya Pradesh', '23'),
  '49': S('Chhattisgarh', '22'),
  '50': S('Telangana', '36'),
  '51': S('Andhra Pradesh', '37'),
  '52': S('Andhra Pradesh', '37'),
  '53': S('Andhra Pradesh', '37'),
  '56': KARNATAKA,
  '57': KARNATAKA,
  '58': KARNATAKA,
  '59': KARNATAKA,
  '60': TAMIL_NADU,
  '6050': S('Puducherry', '34'),
  '6051': S('Puducherry', '34'),
  '61': TAMIL_NADU,
  '62': TAMIL_NADU,
  '63': TAMIL_NADU,
  '64': TAMIL_NADU,
  '67': S('Kerala', '32'),
  '68': S('Kerala', '32'),
  '682551': S('Lakshadweep', '31'),
  '682552': S('Lakshadweep', '31'),
  '682553': S('Lakshadweep', '31'),
  '682554': S('Lakshadweep', '31'),
  '682555': S('Lakshadweep', '31'),
  '682556': S('Lakshadweep', '31'),
  '682557': S('Lakshadweep', '31'),
  '682558': S('Lakshadweep', '31'),
  '682559': S('Lakshadweep', '31'),
  '69': S('Kerala', '32'),
  '70': S('West Bengal', '19'),
  '71': S('West Bengal', '19'),
  '72': S('West Bengal', '19'),
  '73': S('West Bengal', '19'),
  '737': S('Sikkim', '11'),
  '74': S('West Bengal', '19'),
  '744': S('Andaman and Nicobar Islands', '35'),
  '75': S('Odisha', '21'),
  '76': S('Odisha', '21'),
  '77': S('Odisha', '21'),
  '78': S('Assam', '18'),
  '790': S('Arunachal Pradesh', '12'),
  '791': S('Arunachal Pradesh', '12'),
  '792': S('Arunachal Pradesh', '12'),
  '793': S('Meghalaya', '17'),
  '794': S('Meghalaya', '17'),
  '795': S('Manipur', '14'),
  '796': S('Mizoram', '15'),
  '797': S('Nagaland', '13'),
  '798': S('Nagaland', '13'),
  '799': S('Tripura', '16'),
  '80': S('Bihar', '10'),
  '81': S('Bihar', '10'),
  '814': S('Jharkhand', '20'),
  '815': S('Jharkhand', '20'),
  '816': S('Jharkhand', '20'),
  '82': S('Jharkhand', '20'),
  '83': S('Jharkhand', '20'),
  '84': S('Bihar', '10'),
  '85': S('Bihar', '10'),
};

/** The state of a 6-digit PIN code, or null when the code is not a PIN code or not in the table. */
export function stateOfPincode(pincode: string): IndianState | null {
  if (!/^[1-8]\d{5}$/.test(pincode)) return null;
  for (let length = 6; length >= 2; length--) {
    const state = BY_PREFIX[pincode.slice(0, length)];
    if (state) return state;
  }
  return null;
}

/** A state by its GST state code, among those PIN codes lead to; null for any other code. */
export function stateOfCode(code: string): IndianState | null {
  return Object.values(BY_PREFIX).find((state) => state.code === code) ?? null;
}
