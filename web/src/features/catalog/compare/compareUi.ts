// The compare tray and toggles as one lazily loaded chunk (lazyCompare.tsx).
export { CompareToggle } from './CompareToggle';
export { CompareTray } from './CompareTray';
