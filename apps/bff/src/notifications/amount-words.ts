/**
 * An amount in words, as a cheque writes it beside the figures, so that a misread digit or a
 * misplaced point in a message is caught by whoever reads both. Works on the decimal text itself
 * (never a JavaScript number): the whole part in words by groups of three, the fraction digit
 * by digit, since an asset may carry 18 decimals and "point zero five" says exactly what
 * "0.05" does.
 */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = [
  '',
  'thousand',
  'million',
  'billion',
  'trillion',
  'quadrillion',
  'quintillion',
  'sextillion',
  'septillion',
  'octillion',
  'nonillion',
  'decillion',
];

/** 0 < n < 1000 in words: "three hundred forty-two". */
function hundreds(n: number): string {
  const words: string[] = [];
  if (n >= 100) words.push(`${ONES[Math.floor(n / 100)]} hundred`);
  const rest = n % 100;
  if (rest >= 20) {
    words.push(TENS[Math.floor(rest / 10)]! + (rest % 10 ? `-${ONES[rest % 10]}` : ''));
  } else if (rest > 0) {
    words.push(ONES[rest]!);
  }
  return words.join(' ');
}

/** A whole number given as digits, in words; digits one by one past the largest scale named. */
function whole(digits: string): string {
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  if (trimmed === '0') return 'zero';
  const groups: number[] = [];
  for (let end = trimmed.length; end > 0; end -= 3) {
    groups.unshift(Number(trimmed.slice(Math.max(0, end - 3), end)));
  }
  if (groups.length > SCALES.length) return spelled(trimmed);
  return groups
    .map((group, i) => {
      const scale = SCALES[groups.length - 1 - i]!;
      return group === 0 ? '' : `${hundreds(group)}${scale ? ` ${scale}` : ''}`;
    })
    .filter(Boolean)
    .join(' ');
}

/** Digits one by one: "five zero". */
const spelled = (digits: string) => [...digits].map((d) => ONES[Number(d)]).join(' ');

/**
 * `"1250.50"` → `"one thousand two hundred fifty point five zero"`. Text that is not a plain
 * decimal (the console never sends one) comes back as it is.
 *
 * @example
 * amountInWords('0.25'); // 'zero point two five'
 */
export function amountInWords(amount: string): string {
  const match = /^(\d*)(?:\.(\d+))?$/.exec(amount);
  if (!match || (match[1] === '' && match[2] === undefined)) return amount;
  const [, int = '', fraction] = match;
  const words = whole(int === '' ? '0' : int);
  return fraction === undefined ? words : `${words} point ${spelled(fraction)}`;
}
