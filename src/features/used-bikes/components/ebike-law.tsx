// An e-bike's motor, assisted speed and standing in law on its product page: an EAPC is a bicycle; anything else is
// labelled as the motor vehicle it is.
import type { EbikeLaw as Law } from '../trust-view'
import { EAPC_MAX_ASSISTED_MPH, EAPC_MAX_POWER_W, MOTOR_VEHICLE_NOTICE, assistedSpeedText } from '../../../domain/vehicles/eapc'
import '../used-bikes.css'

/** On every card of an e-bike that fails the EAPC rules: what it is in law, with what that asks of its rider. */
export function MotorVehicleBadge() {
  return (
    <span className="badge badge--motor-vehicle" data-testid="motor-vehicle">
      <abbr title="Not an electric bicycle in law: it needs registration, tax, a driving licence and insurance">Motor vehicle</abbr>
    </span>
  )
}

export function EbikeLaw({ law }: { law: Law }) {
  return (
    <section className="pdp-section ebike-law" aria-labelledby="ebike-law-title" data-testid="ebike-law">
      <h2 id="ebike-law-title">{law.verdict.eapc === false ? 'A motor vehicle, not an electric bicycle' : 'Electric assist and the law'}</h2>
      <dl className="pdp-facts">
        {law.motorPowerW !== null && (
          <div>
            <dt>Motor power</dt>
            <dd>{law.motorPowerW} W continuous</dd>
          </div>
        )}
        {law.assistedSpeedMph !== null && (
          <div>
            <dt>Assisted top speed</dt>
            <dd>{assistedSpeedText(law.assistedSpeedMph)}</dd>
          </div>
        )}
      </dl>
      {law.verdict.eapc === true && <p>Meets the electrically assisted pedal cycle (EAPC) rules: ride it as a bicycle, from age 14, with no licence, tax or insurance.</p>}
      {law.verdict.eapc === false && (
        <p className="ebike-law__warning" data-testid="motor-vehicle-notice">
          <strong>{MOTOR_VEHICLE_NOTICE}</strong> It is not an EAPC because {law.verdict.reasons.join(' and ')} (the limits are {EAPC_MAX_POWER_W} W and {EAPC_MAX_ASSISTED_MPH} mph).
        </p>
      )}
    </section>
  )
}
