// Package vehicletest is an in-memory Vehicle ride v2 host that speaks the
// HTTP contract with the protocol's rules: principals and roles, the lease,
// idempotency, runs of a scripted model, the budget guard, chimes, rename,
// delete, fork and clone, the mirror, the capsule, watching (long-poll and
// SSE), and the public doors and limits. Tests start it on loopback with
// NewServer; the demo embeds it with Listen. It reads requests and writes
// answers and events with wire types of its own, never the client's, checked
// against the examples of docs/protocol.md, so that a wrong JSON tag on
// either side fails a test.
//
// Where the protocol leaves a choice, this host makes these. Five of them
// have another answer a host may give, picked with WithChoices (Choices):
// abort and the queue, the order of the settle events, a co-drive chime
// with nobody driving, the capsule's field names and when renewals are
// announced. Variants names the host's answers and the others, so that a
// client's test can run under both.
//
//   - Lease renewal: every mutation by the holder extends the lease by its
//     ttl; lease.renewed is announced when the new end is at least one second
//     (of the host's clock) past the last announced one, so at most once per
//     second (Choices.Renewals: at every use, or never). A claim by the
//     holder always announces it. A timer of the
//     host's clock expires the lease at its end (lease.expired), whether or
//     not anyone touches the session; with WithClock the timer runs in real
//     time, with WithManualClock inside Advance. A request that reaches a
//     session whose end has passed on the clock expires it first.
//   - A run absorbs steers (delivered after the turn under way) and queued
//     follow-ups and prompts (after the loop would stop), as pi's agent loop
//     does; the budget counts all of its turns.
//   - abort cancels nothing queued: the queued commands then run, in a new
//     run (Choices.AbortCancelsQueue: cancelled with the run). abort answers
//     once the run has settled. shutdown and the budget guard cancel the
//     queue; a restart interrupts it.
//   - A settling run ends its commands (command.completed, aborted or
//     failed, and a queue it cancels) before run.ended and run.settled
//     (Choices.SettleRunFirst: after them); then the aborts complete and the
//     mirror is written.
//   - A chime under co-drive while nobody holds the lease is held pending
//     (Choices.CoDriveWithoutLease: submitted at once, or refused).
//   - An accepted chime becomes a prompt when the session is idle, a
//     follow_up during a run (Choices.ChimeOp: a command of op chime).
//   - The capsule's fields have the contract's names: identity.sessionId,
//     identity.graphId, posture.leaseHolder, commands (Choices.CapsuleSeedWords:
//     the seed's words, identity.session, identity.graph, posture.lease,
//     commandSummary).
//   - A restart (Restart, DropDelegation) kills the bodies: each open
//     command, the run's and the queue's, is command.interrupted, then
//     session.revived; no run.ended or run.settled (the seed promises
//     none), and the text the run was streaming is lost. A credit run is
//     still debited by what it cost.
//   - cancel takes a queued command only; a steer waiting to be delivered is
//     not queued and cannot be cancelled.
//   - waitMs above 30 000 is refused (invalid_request).
//   - Anyone with a role on the graph may chime, visitors and accounts of a
//     public graph included; to anyone else the session is not_found. A
//     chime to a public session answers chime.rejected (a public session
//     takes no chimes); observe and mute answer chime.rejected with no event.
//     Such a chime.rejected is a refusal: like an error it is not remembered,
//     so the same requestId is taken once the policy lets chimes in.
//   - fork and clone write nothing into the source's log and leave its
//     updatedAt alone: session.forked or session.cloned is the new
//     session's event, after its session.created. The new session is
//     created by the caller now, so its access is the one the caller's
//     role gives now (a viewer's branch of a writer's session is a
//     reader's), and an agent session's branch needs an owner
//     (forbidden_profile) and a box (isolation), as a create does.
//   - The mirror is written only when the document's record (title, model,
//     start, each turn) differs from the one last written: a rename to the
//     title the session already has is announced (session.renamed) but
//     writes nothing, and a failed write is over once the record is back to
//     what the document holds.
//   - Summary.Turns counts the user turns accepted (prompts, follow-ups,
//     steers, accepted chimes); the public session limit counts the same.
//   - POST /account/grants by anyone but an operator (a member who owns a
//     graph) is not_found.
//   - An SSE subscriber whose buffer (Limits.StreamBuffer) fills is cut; it
//     resumes by seq. The replay is flushed once, live events one by one.
//   - Isolation (WithIsolation) is checked at the create of an agent
//     session, after its validation and the owner check (forbidden_profile
//     first): microvm answers not_implemented, unavailable answers
//     isolation_unavailable with the reason; any other tier makes boxes and
//     is the session's isolation. A chat session never needs a box.
//   - An agent's body that dies (ExitBody, or the scripted #crash and
//     #kill): body.exited with its code or signal and the last 2 KiB of its
//     stderr (from a line start); a run under way settles aborted (reason
//     and stopReason body_exited) after its commands fail; queued commands
//     are queue.stranded, then fail. A chat body cannot exit: a model that
//     asks for it fails the turn (run.error).
//   - A body stays live until shutdown, unless Limits.BodyIdle is set: a
//     timer of the host's clock then disposes a body idle that long
//     (body.dormant); IdleBody does it at once. The next command
//     materializes it again.
//   - An abort whose run has not settled after Limits.AbortSlow on the
//     host's clock is announced once, abort.slow {runId, waitedMs}.
//   - A failed mirror write (FailMirror, #mirrorfail) is mirror.failed and
//     leaves inspect's mirror state failed with the error until a write
//     succeeds at a later settle (or rename).
//   - An account's credit session that gets a request with X-Model-Key
//     becomes byok (its funding in the summary) and keeps its model; runs
//     on the key are not debited.
//   - Delegation: gardend hands the owner's newest token with every request
//     on the graph, so the host holds one for every session but those
//     DropDelegation revived. Such a session gets one back with its owner's
//     next request on its graph, whatever it is (a prompt as much as an
//     inspect): the owner's own command after a revival goes through. A
//     command of someone else that would start its dormant body gets none:
//     a co-drive chime is held pending. WithholdDelegation models requests
//     that bring no token: while on, the owner's commands that may start a
//     body (prompt, follow_up, steer, chime, accept_chime) hand none over
//     and are refused delegation_required (not remembered, so the same
//     request succeeds once another of the owner's requests brought a
//     token). Restart keeps the tokens, as though each owner's next
//     request came before any command. GET /account carries none (no graph).
package vehicletest
