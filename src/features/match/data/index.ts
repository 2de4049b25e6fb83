export { DataPanel } from './DataPanel';
export { LineupPanel } from './LineupPanel';
export { TextLivePanel } from './TextLivePanel';
export { AnalysisPanel, IntelligencePanel } from './TextsPanel';
export type { MatchDataPanelProps } from './types';
