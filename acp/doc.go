// Package acp serves Vehicle ride v2 sessions to editors that speak the
// Agent Client Protocol (ACP v1: JSON-RPC 2.0 over the agent process's
// stdio, one object a line). `vehicle acp` is this package on stdin and
// stdout; docs/acp.md says what maps to what.
//
// An editor's session is a vehicle session: session/new creates one,
// session/load opens one and replays its transcript, session/prompt sends a
// prompt under the lease and streams the run's reply, tools and end back as
// session/update notifications, session/cancel aborts the run. A
// collaborator's chime is put to the editor as session/request_permission
// while this agent drives. Slash commands (available_commands_update) reach
// the rest: steer, follow-up, room policy, take over, release, rename, the
// budget.
//
// The protocol is spoken by github.com/coder/acp-go-sdk, the Go library the
// protocol's site lists: its types are generated from the protocol's
// schema, and it is kept (releases follow the schema). Only what it leaves
// undone is done here: it logs and drops a line that is not JSON-RPC, so
// the lines are screened first and answered -32700 or -32600 (screen.go),
// and it writes nothing about the order of a response and the updates that
// follow it, so the outgoing lines are watched for the answers to
// session/new and session/load (out.go).
package acp
