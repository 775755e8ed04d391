// The names feature's views: one chunk.
import { RegisterAccountNameSuccessView, RegisterAccountNameView } from './RegisterAccountNameView.js'
import type { ViewGroup } from '../viewProps.js'

export const namesViews = {
  RegisterAccountName: RegisterAccountNameView,
  RegisterAccountNameSuccess: RegisterAccountNameSuccessView,
} satisfies ViewGroup
