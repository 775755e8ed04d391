// react-devtools-inline ships no types; these are the calls Gangway's devtools make.
declare module 'react-devtools-inline/backend' {
  export function initialize(target: Window): void
  export function activate(target: Window): void
}
declare module 'react-devtools-inline/frontend' {
  import type { ComponentType } from 'react'
  export function initialize(target: Window): ComponentType<{ browserTheme?: 'light' | 'dark'; showTabBar?: boolean }>
}
