const TEAM = [
  { role: 'Forge and heat treatment', text: 'Sets the temperature curves that give every hammer face and chisel edge its hardness.' },
  {
    role: 'Power tool engineering',
    text: 'Designs motors and gearboxes and runs the endurance bench where drills turn for a thousand hours.',
  },
  { role: 'Machine tool works', text: 'Scrapes lathe and mill beds flat to a few microns and commissions every machine on site.' },
  { role: 'Customer support', text: 'Answers questions on orders, delivery and warranty the same working day.' },
];

const MILESTONES = [
  { year: 'The beginning', text: 'A single forge making hammers and chisels for carpenters nearby.' },
  { year: 'Growth', text: 'A second unit for power tools, with its own motor winding line.' },
  { year: 'Today', text: 'Three units, customers in 45 countries and a shop that sells straight from the factory.' },
];

export default function AboutPage() {
  return (
    <section className="container about">
      <div className="about-intro">
        <div>
          <p className="eyebrow">About ToolForge</p>
          <h1>We make the tools we would want to use</h1>
          <p>
            ToolForge is a manufacturer of hand tools, power tools and machine tools. Everything in this shop is made in our own three
            units, checked by the people who made it, and shipped straight to you. We sell directly so that workshops of every size get
            factory prices and can talk to the engineers who designed their tools.
          </p>
        </div>
        <img src="/images/about.svg" alt="The ToolForge works with its three halls" width="520" height="360" />
      </div>

      <h2 className="section-title">Our story</h2>
      <ol className="milestones">
        {MILESTONES.map((milestone) => (
          <li key={milestone.year}>
            <h3>{milestone.year}</h3>
            <p>{milestone.text}</p>
          </li>
        ))}
      </ol>

      <h2 className="section-title">Our team</h2>
      <div className="team">
        {TEAM.map((member) => (
          <article key={member.role} className="team-card">
            <h3>{member.role}</h3>
            <p>{member.text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
