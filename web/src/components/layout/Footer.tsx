import { COPYRIGHT_LINE } from '@toolforge/contracts';

/** docs/architecture.md#9-the-products-rules: three columns of plain text, no link targets. */
const COLUMNS = [
  {
    title: 'About',
    items: ['Careers', 'Investor Relation', 'Legal Notice', 'Privacy Policy', 'Trust Center', 'Security Information'],
  },
  {
    title: 'Support',
    items: [
      'Contact Us',
      'Customer Portal',
      'Machine Status',
      'Contact for Price',
      'Delivery Support',
      'Warranty Support',
      'Payment support',
    ],
  },
  { title: 'Social', items: ['Facebook', 'Twitter', 'YouTube', 'LinkedIn', 'Medium'] },
] as const;

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-columns container">
        {COLUMNS.map((column) => (
          <section key={column.title} aria-labelledby={`footer-${column.title}`}>
            <h2 id={`footer-${column.title}`}>{column.title}</h2>
            <ul>
              {column.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p className="copyright">{COPYRIGHT_LINE}</p>
    </footer>
  );
}
