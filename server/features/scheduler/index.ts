export { runScheduledTransitions, type ScheduleReport } from './transitions';
export { startScheduler, type RunningScheduler } from './scheduler';
