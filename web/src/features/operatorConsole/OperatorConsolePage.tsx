import { OrderAuditSection, VerifySection } from './AuditSection';
import { DeadLettersSection } from './DeadLettersSection';
import { EventsSection } from './EventsSection';
import { CONSOLE_HEADING, CONSOLE_INTRO } from './operatorConsoleTexts';
import { ProjectionsSection } from './ProjectionsSection';

/** The admin's operator console (docs/operators.md#the-operator-console): one panel of the admin dashboard, a section for each of toolforge's views. */
export default function OperatorConsolePage() {
  return (
    <div className="dashboard-panel">
      <h2>{CONSOLE_HEADING}</h2>
      <p>{CONSOLE_INTRO}</p>
      <ProjectionsSection />
      <DeadLettersSection />
      <EventsSection />
      <OrderAuditSection />
      <VerifySection />
    </div>
  );
}
