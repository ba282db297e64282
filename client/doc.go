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
// with the same request, which the host replays instead of running twice; a
// text command refused with delegation_required is sent again once after an
// inspect; a refusal is otherwise the caller's. Callers should not retry on
// their own: resending a prompt under a new requestId runs it twice.
//
// # Secrets
//
// A Client holds its credentials (token, visitor id, model key) in memory
// only. It sends them only to the origin it was given (it never follows a
// redirect elsewhere, nor from https to http), and scrubs their values from
// every error it returns; Client.Scrub does the same for other text from
// the host.
//
// # Testing
//
// Package vehicletest is an in-memory reference host on loopback; this
// package's examples (open and stream, send and settle, take over, chime and
// accept, delete with the mirror) run against it as tests.
package client
