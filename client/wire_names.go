package client

import "github.com/sophia-labs/vehicle/client/wire"

// The protocol's values, the state reducer and the refusals live in
// client/wire, which does no I/O; client keeps every name they had here.

// Types of client/wire: each X is wire.X.
type (
	Accepted           = wire.Accepted
	Account            = wire.Account
	BYOK               = wire.BYOK
	BodyValue          = wire.BodyValue
	BranchValue        = wire.BranchValue
	Branched           = wire.Branched
	Budget             = wire.Budget
	BudgetValue        = wire.BudgetValue
	Cancelled          = wire.Cancelled
	Change             = wire.Change
	Chime              = wire.Chime
	ChimeResolvedValue = wire.ChimeResolvedValue
	ChimeResult        = wire.ChimeResult
	ChimeValue         = wire.ChimeValue
	Claimed            = wire.Claimed
	Closed             = wire.Closed
	Command            = wire.Command
	CommandValue       = wire.CommandValue
	ConnMode           = wire.ConnMode
	ConnState          = wire.ConnState
	CreateRequest      = wire.CreateRequest
	Created            = wire.Created
	Credit             = wire.Credit
	DeleteOutcome      = wire.DeleteOutcome
	Deleted            = wire.Deleted
	DeltaValue         = wire.DeltaValue
	Door               = wire.Door
	Doors              = wire.Doors
	Entry              = wire.Entry
	EntryKind          = wire.EntryKind
	Error              = wire.Error
	Event              = wire.Event
	Frame              = wire.Frame
	Granted            = wire.Granted
	LazySnapshot       = wire.LazySnapshot
	Lease              = wire.Lease
	LeaseEndValue      = wire.LeaseEndValue
	LeaseHeldDetails   = wire.LeaseHeldDetails
	LeaseRelation      = wire.LeaseRelation
	LeaseValue         = wire.LeaseValue
	Me                 = wire.Me
	MessageValue       = wire.MessageValue
	Mirror             = wire.Mirror
	MirrorRef          = wire.MirrorRef
	MirrorRefusedError = wire.MirrorRefusedError
	MirrorValue        = wire.MirrorValue
	Notes              = wire.Notes
	Parent             = wire.Parent
	PlacedNotice       = wire.PlacedNotice
	PolicyValue        = wire.PolicyValue
	QueueItem          = wire.QueueItem
	QueueValue         = wire.QueueValue
	RunSettledValue    = wire.RunSettledValue
	RunState           = wire.RunState
	RunValue           = wire.RunValue
	Snapshot           = wire.Snapshot
	State              = wire.State
	StreamError        = wire.StreamError
	StreamErrorKind    = wire.StreamErrorKind
	Summary            = wire.Summary
	TextRequest        = wire.TextRequest
	TitleValue         = wire.TitleValue
	ToolCall           = wire.ToolCall
	ToolValue          = wire.ToolValue
	Transcript         = wire.Transcript
	TranscriptItem     = wire.TranscriptItem
	TransportError     = wire.TransportError
	TrashValue         = wire.TrashValue
	Usage              = wire.Usage
	WatchResult        = wire.WatchResult
)

// Constants of client/wire: each X is wire.X.
const (
	AccountAccount           = wire.AccountAccount
	AccountAnonymous         = wire.AccountAnonymous
	AccountMember            = wire.AccountMember
	CapsuleSchema            = wire.CapsuleSchema
	ChangeChimes             = wire.ChangeChimes
	ChangeCommands           = wire.ChangeCommands
	ChangeError              = wire.ChangeError
	ChangeLease              = wire.ChangeLease
	ChangeMirror             = wire.ChangeMirror
	ChangeQueue              = wire.ChangeQueue
	ChangeRun                = wire.ChangeRun
	ChangeSession            = wire.ChangeSession
	ChangeTranscript         = wire.ChangeTranscript
	CodeAccessReduced        = wire.CodeAccessReduced
	CodeCreditPoolExhausted  = wire.CodeCreditPoolExhausted
	CodeDailyTurnLimit       = wire.CodeDailyTurnLimit
	CodeDelegationRequired   = wire.CodeDelegationRequired
	CodeForbiddenProfile     = wire.CodeForbiddenProfile
	CodeGraphMismatch        = wire.CodeGraphMismatch
	CodeInvalidJSON          = wire.CodeInvalidJSON
	CodeInvalidRequest       = wire.CodeInvalidRequest
	CodeIsolationUnavailable = wire.CodeIsolationUnavailable
	CodeLeaseHeld            = wire.CodeLeaseHeld
	CodeLeaseRequired        = wire.CodeLeaseRequired
	CodeModelKeyRequired     = wire.CodeModelKeyRequired
	CodeNotFound             = wire.CodeNotFound
	CodeNotImplemented       = wire.CodeNotImplemented
	CodeOutOfCredit          = wire.CodeOutOfCredit
	CodeRequestIDConflict    = wire.CodeRequestIDConflict
	CodeSessionRunning       = wire.CodeSessionRunning
	CodeSessionTurnLimit     = wire.CodeSessionTurnLimit
	CodeUnauthenticated      = wire.CodeUnauthenticated
	ConfirmedByInspect       = wire.ConfirmedByInspect
	ConnClosed               = wire.ConnClosed
	ConnConnecting           = wire.ConnConnecting
	ConnPolling              = wire.ConnPolling
	ConnReconnecting         = wire.ConnReconnecting
	ConnStreaming            = wire.ConnStreaming
	DefaultKeepalive         = wire.DefaultKeepalive
	DefaultLeaseTTL          = wire.DefaultLeaseTTL
	DefaultMaxCostUSD        = wire.DefaultMaxCostUSD
	DefaultMaxTurns          = wire.DefaultMaxTurns
	DefaultMount             = wire.DefaultMount
	DefaultProfile           = wire.DefaultProfile
	DefaultRoomPolicy        = wire.DefaultRoomPolicy
	DefaultTranscriptText    = wire.DefaultTranscriptText
	EntryMessage             = wire.EntryMessage
	EntryNotice              = wire.EntryNotice
	EntryTool                = wire.EntryTool
	EvAbortSlow              = wire.EvAbortSlow
	EvBodyDormant            = wire.EvBodyDormant
	EvBodyExited             = wire.EvBodyExited
	EvBodyMaterialized       = wire.EvBodyMaterialized
	EvBodyNotice             = wire.EvBodyNotice
	EvBudgetExceeded         = wire.EvBudgetExceeded
	EvChimeReceived          = wire.EvChimeReceived
	EvChimeResolved          = wire.EvChimeResolved
	EvCommandAborted         = wire.EvCommandAborted
	EvCommandAccepted        = wire.EvCommandAccepted
	EvCommandCancelled       = wire.EvCommandCancelled
	EvCommandCompleted       = wire.EvCommandCompleted
	EvCommandDelivered       = wire.EvCommandDelivered
	EvCommandFailed          = wire.EvCommandFailed
	EvCommandInterrupted     = wire.EvCommandInterrupted
	EvCompactionEnded        = wire.EvCompactionEnded
	EvCompactionStarted      = wire.EvCompactionStarted
	EvExtensionError         = wire.EvExtensionError
	EvLeaseClaimed           = wire.EvLeaseClaimed
	EvLeaseExpired           = wire.EvLeaseExpired
	EvLeaseReleased          = wire.EvLeaseReleased
	EvLeaseRenewed           = wire.EvLeaseRenewed
	EvLeaseRevoked           = wire.EvLeaseRevoked
	EvMessageCompleted       = wire.EvMessageCompleted
	EvMessageDelta           = wire.EvMessageDelta
	EvMirrorFailed           = wire.EvMirrorFailed
	EvMirrorWritten          = wire.EvMirrorWritten
	EvQueueStranded          = wire.EvQueueStranded
	EvQueueUpdated           = wire.EvQueueUpdated
	EvRetryStarted           = wire.EvRetryStarted
	EvRoomPolicy             = wire.EvRoomPolicy
	EvRunEnded               = wire.EvRunEnded
	EvRunError               = wire.EvRunError
	EvRunSettled             = wire.EvRunSettled
	EvRunStarted             = wire.EvRunStarted
	EvSessionCloned          = wire.EvSessionCloned
	EvSessionCreated         = wire.EvSessionCreated
	EvSessionDeleted         = wire.EvSessionDeleted
	EvSessionForked          = wire.EvSessionForked
	EvSessionRenamed         = wire.EvSessionRenamed
	EvSessionRevived         = wire.EvSessionRevived
	EvSessionShutdown        = wire.EvSessionShutdown
	EvToolResult             = wire.EvToolResult
	EvToolStarted            = wire.EvToolStarted
	ItemKeys                 = wire.ItemKeys
	LazyTail                 = wire.LazyTail
	LeaseMine                = wire.LeaseMine
	LeaseMyOtherClient       = wire.LeaseMyOtherClient
	LeaseNone                = wire.LeaseNone
	LeaseOther               = wire.LeaseOther
	MaxTextBytes             = wire.MaxTextBytes
	MaxTitleRunes            = wire.MaxTitleRunes
	MaxToolText              = wire.MaxToolText
	MaxWatchEvents           = wire.MaxWatchEvents
	MaxWatchWait             = wire.MaxWatchWait
	OpAbort                  = wire.OpAbort
	OpAcceptChime            = wire.OpAcceptChime
	OpAccount                = wire.OpAccount
	OpCancel                 = wire.OpCancel
	OpCapsule                = wire.OpCapsule
	OpChime                  = wire.OpChime
	OpClaim                  = wire.OpClaim
	OpClone                  = wire.OpClone
	OpCreate                 = wire.OpCreate
	OpDelete                 = wire.OpDelete
	OpFollowUp               = wire.OpFollowUp
	OpFork                   = wire.OpFork
	OpGrant                  = wire.OpGrant
	OpInspect                = wire.OpInspect
	OpList                   = wire.OpList
	OpPrompt                 = wire.OpPrompt
	OpRejectChime            = wire.OpRejectChime
	OpRelease                = wire.OpRelease
	OpRename                 = wire.OpRename
	OpSetRoomPolicy          = wire.OpSetRoomPolicy
	OpShutdown               = wire.OpShutdown
	OpSteer                  = wire.OpSteer
	OpWatch                  = wire.OpWatch
	PolicyCoDrive            = wire.PolicyCoDrive
	PolicyMute               = wire.PolicyMute
	PolicyObserve            = wire.PolicyObserve
	PolicySuggest            = wire.PolicySuggest
	ProfileAgent             = wire.ProfileAgent
	ProfileChat              = wire.ProfileChat
	Protocol                 = wire.Protocol
	ReasonTakeover           = wire.ReasonTakeover
	RoleAssistant            = wire.RoleAssistant
	RoleToolResult           = wire.RoleToolResult
	RoleUser                 = wire.RoleUser
	RunIdle                  = wire.RunIdle
	RunRunning               = wire.RunRunning
	StatusAborted            = wire.StatusAborted
	StatusAccepted           = wire.StatusAccepted
	StatusCancelled          = wire.StatusCancelled
	StatusCompleted          = wire.StatusCompleted
	StatusDelivered          = wire.StatusDelivered
	StatusFailed             = wire.StatusFailed
	StatusInterrupted        = wire.StatusInterrupted
	StatusQueued             = wire.StatusQueued
	StreamBadSeq             = wire.StreamBadSeq
	StreamDropped            = wire.StreamDropped
	StreamEnded              = wire.StreamEnded
	StreamKeep               = wire.StreamKeep
	StreamNoProgress         = wire.StreamNoProgress
	StreamNotSSE             = wire.StreamNotSSE
	StreamSilent             = wire.StreamSilent
	StreamTooLarge           = wire.StreamTooLarge
	ToolError                = wire.ToolError
	ToolOK                   = wire.ToolOK
	ToolRunning              = wire.ToolRunning
	TypeAccountGranted       = wire.TypeAccountGranted
	TypeChimeAccepted        = wire.TypeChimeAccepted
	TypeChimeRejected        = wire.TypeChimeRejected
	TypeClosed               = wire.TypeClosed
	TypeCommandAccepted      = wire.TypeCommandAccepted
	TypeCommandCancelled     = wire.TypeCommandCancelled
	TypeDriverClaimed        = wire.TypeDriverClaimed
	TypeDriverReleased       = wire.TypeDriverReleased
	TypeError                = wire.TypeError
	TypeReady                = wire.TypeReady
	TypeRoomPolicy           = wire.TypeRoomPolicy
	TypeSessionCapsule       = wire.TypeSessionCapsule
	TypeSessionCloned        = wire.TypeSessionCloned
	TypeSessionCreated       = wire.TypeSessionCreated
	TypeSessionDeleted       = wire.TypeSessionDeleted
	TypeSessionForked        = wire.TypeSessionForked
	TypeSessionList          = wire.TypeSessionList
	TypeSessionRenamed       = wire.TypeSessionRenamed
	TypeSessionSnapshot      = wire.TypeSessionSnapshot
	TypeWatchCompleted       = wire.TypeWatchCompleted
)

// DecodeLazySnapshot is wire.DecodeLazySnapshot.
func DecodeLazySnapshot(data []byte) (*LazySnapshot, error) { return wire.DecodeLazySnapshot(data) }

// ErrorCode is wire.ErrorCode.
func ErrorCode(err error) string { return wire.ErrorCode(err) }

// EventValue is wire.EventValue.
func EventValue(typ string) any { return wire.EventValue(typ) }

// FoldTitle is wire.FoldTitle.
func FoldTitle(title string) string { return wire.FoldTitle(title) }

// IsTransport is wire.IsTransport.
func IsTransport(err error) bool { return wire.IsTransport(err) }

// MirrorDocumentID is wire.MirrorDocumentID.
func MirrorDocumentID(sessionID string) string { return wire.MirrorDocumentID(sessionID) }

// NewNotes is wire.NewNotes.
func NewNotes(me Me, upTo int64) *Notes { return wire.NewNotes(me, upTo) }

// NewState is wire.NewState.
func NewState(me Me, snap *Snapshot) *State { return wire.NewState(me, snap) }

// NewStateLazy is wire.NewStateLazy.
func NewStateLazy(me Me, snap *LazySnapshot) *State { return wire.NewStateLazy(me, snap) }
