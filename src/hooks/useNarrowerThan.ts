import { Grid } from 'antd';

/**
 * Whether the screen is narrower than antd's breakpoint `breakpoint` (a phone below `md`, the
 * page's layouts' one rule). False until the screen has been measured, as useBreakpoint says nothing yet.
 */
export const useNarrowerThan = (breakpoint: 'sm' | 'md' | 'lg') => Grid.useBreakpoint()[breakpoint] === false;
