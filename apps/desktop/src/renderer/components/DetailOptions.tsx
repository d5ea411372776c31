// The detail levels a pack can use, as <option>s: the export and the settings offer the same list.
import type { Detail } from '@loupe/host/api';

const DETAILS: Array<[Detail, string]> = [
  ['full', 'Full files'],
  ['compact', 'Compact (no comments)'],
  ['signatures', 'Signatures'],
  ['outline', 'Outline'],
];

export function DetailOptions() {
  return (
    <>
      {DETAILS.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}
