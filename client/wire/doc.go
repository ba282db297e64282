// Package wire holds the Vehicle ride v2 protocol's values as they travel
// (frames, events and their values, snapshots, sessions, leases, accounts),
// the refusals (Error and its Code constants, TransportError), the op names,
// and the session state reducer (State) that folds a snapshot and its events
// into what a UI shows, with the lazy snapshot it can start from.
//
// It does no I/O: no network, no files, no processes. A test holds that it
// imports none of net, net/http, crypto/tls or os/exec, so a component that
// only shows a session links no HTTP. Package client makes the requests and
// re-exports every name of this package (client.State is wire.State), so
// code that talks to a host needs only client.
package wire
