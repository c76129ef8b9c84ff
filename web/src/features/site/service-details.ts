import type { ServiceSummary } from './service-catalogue.ts';

/** What each service includes, as the Services screen describes it. */
export interface ServiceDetails {
  intro: string;
  includes: string[];
  goodToKnow: string;
}

export const SERVICE_DETAILS: Readonly<Record<ServiceSummary['id'], ServiceDetails>> = {
  alarm: {
    intro:
      'A wireless or wired alarm sized to your home or shop: every door and ground-floor window covered, motion where it makes sense, and smoke and carbon-monoxide detection that calls for help even when nobody is home.',
    includes: [
      'On-site survey and a written zone plan before we drill a single hole',
      'Control panel, keypads and a siren placed where you will hear it',
      'Door and window contacts, motion and glass-break sensors',
      'Monitored smoke, heat and carbon-monoxide detectors',
      'Phone app set-up for every household member, with their own user codes',
      'Optional 24/7 monitoring by a UL-listed central station',
      'A walk-through of arming, disarming and what to do on a false alarm',
    ],
    goodToKnow: 'Most homes are installed in a single day; we tidy up and take the packaging with us.',
  },
  cameras: {
    intro:
      'We plan each camera for a purpose — see a car arrive, recognise a face at the door, read a plate at the gate — and mount it at the height and angle that achieves it, day and night.',
    includes: [
      'A camera plan showing what each camera will see, before installation',
      '4K and 2K cameras with infrared or colour night vision',
      'A network video recorder with 30 days of recording as standard',
      'Clean cable runs through attics and walls, weather-sealed outside',
      'Motion zones tuned so you are alerted to people, not passing cars',
      'Phone and computer viewing set up and tested with you',
    ],
    goodToKnow: 'Recordings stay on your recorder — no monthly cloud fee unless you want off-site backup.',
  },
  prewire: {
    intro:
      'Building or remodelling? Wiring now costs a fraction of fishing cable through finished walls later. We work with your builder’s schedule and leave every run labelled and tested.',
    includes: [
      'Walk-through with you and your builder at the framing stage',
      'Alarm contact and sensor wiring to every opening you choose',
      'Camera runs to eaves, porches and the garage, ready for trim-out',
      'Cat6 network drops and a central structured-media panel',
      'Labelled, tested runs and a wiring map for your records',
      'Trim-out visit after drywall to install devices',
    ],
    goodToKnow: 'Call us before insulation goes in — one visit at framing saves days of work later.',
  },
  'panel-upgrade': {
    intro:
      'An alarm that still uses a landline or a 3G radio will stop calling for help. We replace the panel and communicator, keep your existing contacts and wiring, and bring the system onto a current app.',
    includes: [
      'Test of every existing zone, sensor and siren before we quote',
      'New panel with cellular and internet communicators',
      'Re-use of working wired sensors — no new holes where none are needed',
      'Replacement of dead batteries and failed detectors',
      'Takeover of systems left by other companies or previous owners',
      'New user codes and app access for your household',
    ],
    goodToKnow: 'Most panel upgrades take two to four hours and cost far less than a new system.',
  },
  consultation: {
    intro:
      'Not sure what you need? A technician walks the property with you, looks at entry points, lighting, sight lines and how you actually use the building, and writes down what we would do — and what we would not bother with.',
    includes: [
      'An hour on site with an experienced installer',
      'Review of doors, windows, lighting, landscaping and blind spots',
      'A written report with priorities, good/better/best options and prices',
      'Advice you can use with or without us',
    ],
    goodToKnow: 'The consultation is free for homes within our service area.',
  },
};
