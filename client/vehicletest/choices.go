package vehicletest

// Choices are the host's answers where the seed leaves it a choice. The
// zero value is this host's own answers (the package documentation lists
// them); each field picks the other answer, so that a client's tests can
// run under both (Variants).
type Choices struct {
	// AbortCancelsQueue: abort cancels the queued commands
	// (command.cancelled, queue.updated) with the run, instead of leaving
	// them to run next in a new run.
	AbortCancelsQueue bool
	// SettleRunFirst: a settling run says run.ended and run.settled first
	// and ends its commands (command.completed, aborted, failed; a queue the
	// settle cancels) after them, instead of ending its commands first.
	SettleRunFirst bool
	// CoDriveWithoutLease is what a chime under co-drive gets while nobody
	// holds the lease: held pending (the zero value), submitted at once
	// with no driver, or refused.
	CoDriveWithoutLease CoDriveAnswer
	// CapsuleSeedWords names the capsule's fields with the seed's words
	// (identity.session and .graph, posture.lease, commandSummary) instead
	// of the contract's (identity.sessionId and .graphId,
	// posture.leaseHolder, commands).
	CapsuleSeedWords bool
	// Renewals is when a renewal by use is announced (lease.renewed).
	Renewals Renewals
	// ChimeOp: the command an accepted chime becomes has the op "chime"
	// (the seed says only that it becomes a command), instead of a prompt
	// when idle and a follow-up during a run.
	ChimeOp bool
}

// CoDriveAnswer is what a co-drive chime gets while nobody drives.
type CoDriveAnswer int

// The answers to a co-drive chime with no lease held.
const (
	CoDrivePending   CoDriveAnswer = iota // held pending until a driver accepts or rejects it
	CoDriveSubmitted                      // submitted at once, a command of nobody's lease
	CoDriveRejected                       // chime.rejected: there is no driver to submit under
)

// Renewals says when the host announces a lease renewed by use.
type Renewals int

// The ways of announcing renewals. A claim by the holder is always
// announced (lease.renewed).
const (
	RenewalsEverySecond Renewals = iota // when the new end is a second or more past the last announced one
	RenewalsEveryUse                    // at every mutation of the holder
	RenewalsUnannounced                 // never: the new end shows in the summary and inspect only
)

// WithChoices sets the host's answers where the seed leaves it a choice.
func WithChoices(c Choices) Option {
	return func(cfg *config) { cfg.choices = c }
}

// OtherChoices is the other answer to every choice: the queue cancelled by
// abort, settle events with the run first, a co-drive chime with no driver
// submitted, the capsule in the seed's words, every renewal announced, an
// accepted chime's command of op chime.
func OtherChoices() Choices {
	return Choices{AbortCancelsQueue: true, SettleRunFirst: true, CoDriveWithoutLease: CoDriveSubmitted,
		CapsuleSeedWords: true, Renewals: RenewalsEveryUse, ChimeOp: true}
}

// Variant is a named set of answers to the seed's open choices.
type Variant struct {
	Name    string
	Choices Choices
}

// Options are the variant's options, to append to a test's own.
func (v Variant) Options() []Option { return []Option{WithChoices(v.Choices)} }

// Variants are the host's own answers ("host") and the other answer to
// each choice ("other"): a client test run under each (t.Run(v.Name, ...))
// covers both answers the seed allows. The third answers, a co-drive chime
// with no driver refused and renewals never announced, are for the tests
// that name them.
func Variants() []Variant {
	return []Variant{{Name: "host", Choices: Choices{}}, {Name: "other", Choices: OtherChoices()}}
}
