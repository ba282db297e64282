// Package client speaks Vehicle ride v2 over HTTP, through gardend: frames
// and typed errors, one table of the protocol's routes, the typed verbs,
// watching by SSE with a long-poll fallback, and the session state reducer
// that folds a snapshot and its events into what a UI shows.
//
//	import "github.com/sophia-labs/vehicle/client"
//
//	c, err := client.New("https://sophia.example.com",
//		client.WithGraph("demo"), client.WithToken(token))
//	created, err := c.Create(ctx, client.CreateRequest{})
//	stream, err := c.Stream(ctx, created.Session.SessionID,
//		client.StreamOptions{Since: created.Cursor})
//	_, err = c.Prompt(ctx, created.Session.SessionID, "hello")
//	for stream.Next() {
//		ev := stream.Current() // command.accepted, message.delta, run.settled, ...
//	}
//
// # Requests
//
// Every operation of the protocol is a row of one table (Routes): its
// method, path, body type, whether it needs the lease and whether the host
// remembers it by requestId. The typed verbs (Create, Claim, Send, Chime,
// Delete, ...) and the raw Call go through it. A refusal is a *Error with the
// host's code (the Code constants); a request that got no answer is a
// *TransportError; a redirect off the host's origin is a *RedirectError.
//
// # Retries
//
// The client has one retry policy (RetryPolicy): a lost answer is retried
// with the same request, which the host replays instead of running twice,
// after the backoff or the host's Retry-After (a Retry-After longer than the
// policy or the context allows ends the request, saying when to try again);
// a text command refused with delegation_required is sent again once after
// an inspect; a refusal is otherwise the caller's. Callers should not retry
// on their own: resending a prompt under a new requestId runs it twice.
//
// # State
//
// State folds a snapshot and its events into what a UI shows; each
// transcript entry has a Key that never changes and a version (Rev) that
// moves whenever what it shows may change. InspectLazy and NewStateLazy
// open a long session from the end of its transcript, its answer kept
// compressed until earlier items are folded in.
//
// The state, the values as they travel and the refusals are declared in
// package client/wire, which does no I/O; client re-exports every name
// (client.State is wire.State). Code that only shows a session, and makes
// no request, imports client/wire and links no HTTP.
//
// # Tracing
//
// WithTrace hears every request, answer, stream event and stream state, in
// the manner of net/http/httptrace, for a debug log or metrics; it is handed
// no credential or message text.
//
// # Secrets
//
// A Client holds its credentials (token, visitor id, model key) in memory
// only. It sends them only to the origin it was given (it never follows a
// redirect elsewhere, nor from https to http), and scrubs their values from
// every error it returns (and user info in the gardend address from every
// address it shows); Client.Scrub does the same for other text from the
// host. After a delete it trashes only the session's own mirrored record.
//
// # Testing
//
// Package vehicletest is an in-memory reference host on loopback; this
// package's examples (open and stream, send and settle, take over, chime and
// accept, delete with the mirror) run against it as tests.
package client
