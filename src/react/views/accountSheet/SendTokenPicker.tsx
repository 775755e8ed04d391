import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { SendableToken } from '../../../core/reducers/data/dataSelectors.js'
import { useAmountFormat } from '../../components/AccountBalance.js'
import { IconImage } from '../../components/IconImage.js'
import { useModal } from '../../ModalContext.js'
import { useI18n } from '../../i18n/i18n.js'
import { StyleSheet } from '../../useStyleSheet.js'

/** Which token of the list an item is: the native one has no address. */
export const sendTokenKey = (token: { address?: string | undefined } | null | undefined): string => token?.address?.toLowerCase() ?? 'native'

const PICKER_CSS = `
.gw-send-token { justify-content: flex-start; gap: 10px; margin: 0; text-align: start; }
.gw-send-token .gw-row-main { display: flex; flex-direction: column; flex: 1; min-width: 0; }
.gw-send-token-caret { flex: none; color: var(--gw-fg-2); }
.gw-send-token-list { list-style: none; margin: 4px 0 0; padding: 4px; display: flex; flex-direction: column; gap: 2px; max-height: 240px; overflow-y: auto;
  border: 1px solid var(--gw-border); border-radius: var(--gw-radius); outline: none; }
.gw-send-token-list:focus-visible { border-color: var(--gw-focus); }
.gw-send-token-option { display: flex; align-items: center; gap: 10px; padding: 8px; border-radius: var(--gw-radius); cursor: pointer; }
.gw-send-token-option .gw-row-main { display: flex; flex-direction: column; flex: 1; min-width: 0; }
.gw-send-token-option:hover, .gw-send-token-option[data-active='true'] { background: var(--gw-bg-2); }
.gw-send-token-list:focus-visible .gw-send-token-option[data-active='true'] { box-shadow: inset 3px 0 0 var(--gw-accent); }
.gw-send-token-option[aria-selected='true'] { font-weight: 600; }
`

/** A token's picture (its balance's icon, else the wallet directory's token image), or its initial in the same box. */
function TokenIcon({ item }: { item: SendableToken }) {
  const modal = useModal()
  const src = item.iconUrl ?? modal.directoryImageUrl('token', item.token.symbol)
  return <IconImage src={src} className="gw-token-icon" fallback={item.token.symbol.slice(0, 1).toUpperCase()} testId="send-token-icon" />
}

/**
 * Send's token choice: a button showing the chosen token (icon, symbol, balance) that opens a
 * listbox of the tokens the account holds. The list takes the focus; arrows, Home and End move
 * through it, Enter or Space picks, Escape or Tab closes it, and the focus returns to the button.
 *
 * @example
 * <SendTokenPicker tokens={tokens} chosen={chosen} onPick={(item) => dispatch(sendTokenSet({ token: item.token }))} />
 */
export function SendTokenPicker(props: { tokens: readonly SendableToken[]; chosen: SendableToken | null; onPick: (item: SendableToken) => void }) {
  const { tokens, chosen } = props
  const { t } = useI18n()
  const amounts = useAmountFormat()
  const id = useId()
  const [open, setOpen] = useState(false)
  const chosenIndex = Math.max(0, tokens.findIndex((item) => sendTokenKey(item.token) === sendTokenKey(chosen?.token)))
  const [active, setActive] = useState(chosenIndex)
  const trigger = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const balanceOf = (item: SendableToken) => (item.balance === null ? t('Balance unknown') : amounts.balance(item.balance, undefined, item.token.decimals))

  useEffect(() => {
    if (open) list.current?.focus()
  }, [open])
  useEffect(() => {
    if (open) list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' })
  }, [open, active])

  const show = () => {
    setActive(chosenIndex)
    setOpen(true)
  }
  const close = (focusTrigger: boolean) => {
    setOpen(false)
    if (focusTrigger) trigger.current?.focus()
  }
  const pick = (index: number) => {
    const item = tokens[index]
    if (item) props.onPick(item)
    close(true)
  }

  const onListKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const last = tokens.length - 1
    const move = (index: number) => {
      e.preventDefault()
      setActive(Math.min(last, Math.max(0, index)))
    }
    switch (e.key) {
      case 'ArrowDown':
        return move(active + 1)
      case 'ArrowUp':
        return move(active - 1)
      case 'Home':
        return move(0)
      case 'End':
        return move(last)
      case 'Enter':
      case ' ':
        e.preventDefault()
        return pick(active)
      case 'Escape':
        // Escape closes the list, not the modal.
        e.preventDefault()
        e.stopPropagation()
        return close(true)
      case 'Tab':
        return close(false)
    }
  }

  const labelId = `${id}-label`
  const listId = `${id}-list`
  return (
    <div className="gw-field">
      <StyleSheet css={PICKER_CSS} />
      <span className="gw-field-label" id={labelId}>
        {t('Token')}
      </span>
      <button
        ref={trigger}
        type="button"
        className="gw-button gw-send-token"
        data-testid="send-token"
        data-symbol={chosen?.token.symbol}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelId} ${id}-value`}
        onClick={() => (open ? close(true) : show())}
        onKeyDown={(e) => {
          if (!open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
            e.preventDefault()
            show()
          }
        }}
      >
        {chosen ? <TokenIcon item={chosen} /> : null}
        <span className="gw-row-main" id={`${id}-value`}>
          <span>{chosen?.token.symbol ?? t('Select')}</span>
          {chosen ? <span className="gw-muted">{balanceOf(chosen)}</span> : null}
        </span>
        <span className="gw-send-token-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open ? (
        <ul
          ref={list}
          id={listId}
          role="listbox"
          tabIndex={0}
          className="gw-send-token-list"
          data-testid="send-token-list"
          aria-labelledby={labelId}
          aria-activedescendant={`${id}-option-${active}`}
          onKeyDown={onListKeyDown}
          onBlur={(e) => {
            // A click outside the list and its button closes it (a click on an option lands first).
            if (!e.currentTarget.contains(e.relatedTarget as Node | null) && e.relatedTarget !== trigger.current) setOpen(false)
          }}
        >
          {tokens.map((item, index) => (
            <li
              key={sendTokenKey(item.token)}
              id={`${id}-option-${index}`}
              role="option"
              className="gw-send-token-option"
              data-testid="send-token-option"
              data-symbol={item.token.symbol}
              data-value={sendTokenKey(item.token)}
              data-index={index}
              data-active={index === active}
              aria-selected={sendTokenKey(item.token) === sendTokenKey(chosen?.token)}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(index)}
            >
              <TokenIcon item={item} />
              <span className="gw-row-main">
                <span>{item.token.symbol}</span>
                {item.token.name && item.token.name !== item.token.symbol ? <span className="gw-muted">{item.token.name}</span> : null}
              </span>
              <span className="gw-muted" data-testid="send-token-option-balance">
                {balanceOf(item)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
