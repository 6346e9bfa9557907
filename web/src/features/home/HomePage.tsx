import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { HOME_STATISTICS } from '@toolforge/contracts';
import { LatestReviews } from '../reviews/LatestReviews';
import { HomeProducts } from './HomeProducts';
import { UNITS } from './units';

/** A full-width band of the home page, its content in the page's container under a titled heading. */
function Band({ className, titleId, title, children }: { className: string; titleId: string; title: string; children: ReactNode }) {
  return (
    <section className={className} aria-labelledby={titleId}>
      <div className="container">
        <h2 id={titleId} className="section-title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

export default function HomePage() {
  return (
    <>
      <section className="banner" aria-labelledby="banner-title">
        <img className="banner-image" src="/images/banner.svg" alt="" width="1600" height="640" fetchPriority="high" />
        <div className="banner-text container">
          <p className="eyebrow">Hand tools · Power tools · Machine tools</p>
          <h1 id="banner-title">Tools made to last, from our forge to your workshop</h1>
          <p>
            ToolForge designs, forges and assembles professional tools in its own three manufacturing units, and ships them to workshops,
            factories and builders around the world.
          </p>
          <Link to="/allproducts" className="button button--primary button--large">
            Browse the catalogue
          </Link>
        </div>
      </section>

      <section className="container company" aria-label="Our company">
        <article>
          <h2>Our company</h2>
          <p>
            We started as a small forge making chisels and hammers for local carpenters. Today we make more than two dozen product lines,
            from a claw hammer to a CNC router, and we still test every batch by hand before it leaves the plant. We sell directly, so the
            price you see is the price from our factory.
          </p>
        </article>
        <article>
          <h2>Our culture</h2>
          <p>
            Our engineers spend a day a month on a customer&apos;s shop floor, because a tool is only as good as the job it does. We measure
            ourselves on tools that are still working after twenty years, on safe shifts in our plants, and on answers to customers the same
            day.
          </p>
        </article>
      </section>

      <Band className="units-section" titleId="units-title" title="Three manufacturing units">
        <div className="units">
          {UNITS.map((unit) => (
            <article key={unit.name} className="unit-card">
              <img src={unit.image} alt={unit.imageAlt} width="400" height="260" loading="lazy" />
              <div>
                <h3>{unit.name}</h3>
                <p>{unit.text}</p>
              </div>
            </article>
          ))}
        </div>
      </Band>

      <section className="container" aria-labelledby="products-title">
        <header className="section-header">
          <h2 id="products-title" className="section-title">
            Our products
          </h2>
          <Link to="/allproducts" className="button">
            All Products
          </Link>
        </header>
        <HomeProducts />
      </section>

      <section className="container" aria-labelledby="reviews-title">
        <h2 id="reviews-title" className="section-title">
          What our customers say
        </h2>
        <LatestReviews />
      </section>

      <Band className="statistics" titleId="statistics-title" title="ToolForge in numbers">
        <dl className="statistics-grid">
          {HOME_STATISTICS.map((statistic) => (
            <div key={statistic.label}>
              <dt>{statistic.label}</dt>
              <dd>{statistic.value}</dd>
            </div>
          ))}
        </dl>
      </Band>
    </>
  );
}
