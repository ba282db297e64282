package main

// watchTerminal ends the UI (cancel) when its terminal is gone, as a signal
// does: see watchTerminal in signals_unix.go. Call the returned function
// when the UI is over.
func (a *app) watchTerminal(cancel func()) (stop func()) {
	f, ok := a.In.(interface{ Fd() uintptr })
	if !ok || !isTerminal(a.In) {
		return func() {}
	}
	return watchTerminal(f.Fd(), cancel)
}
