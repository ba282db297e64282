// Package typingsafety is the typing-safety harness of the terminal UI: its
// tests (no code of its own) drive the root model into every screen,
// overlay, pane focus, picker mode and wall tile the tui packages know of,
// against the reference host, type sentences and the line-editing keys
// there as a hurried person would, and check that nothing typed acts or is
// lost: no request that changes anything reaches the host but the text the
// person sent with enter, the text is found whole where the person typed it
// (or in the composer), no dialog is answered but with its safe choice,
// nothing quits and nothing takes the terminal.
//
// Its states and sentences are one table (table_test.go); a state or a
// dialog the tui packages add without a case there fails
// TestEveryPlaceHasACase. A case that fails on a trap another change fixes
// waits for it (skipped, with the reason); to run those too and see which
// pass now:
//
//	go test ./tui/typingsafety -run TestTypingSafety -v -args -waits | grep 'PASSES NOW'
package typingsafety
