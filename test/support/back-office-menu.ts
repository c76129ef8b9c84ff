/** R-NAV-11: the admin's back-office menu, in order (Admin Panel, then the three groups' entries). */
export const FULL_ADMIN_MENU = [
  'Admin Panel',
  'Client Database',
  'Invoice Manager',
  'Tax Reporting',
  'Payment Reminders',
  'Job Tracker',
  'Monitoring Services',
  'Employee Database',
  'Time Tracking',
  'Inventory Manager',
  'Proposals',
  'Camera Planner',
];
