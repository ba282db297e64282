package wire

// Ops of the protocol, as Call and the JSONL form name them.
const (
	OpCreate        = "create"
	OpList          = "list"
	OpInspect       = "inspect"
	OpRename        = "rename"
	OpDelete        = "delete"
	OpWatch         = "watch"
	OpCapsule       = "capsule"
	OpClaim         = "claim"
	OpRelease       = "release"
	OpPrompt        = "prompt"
	OpFollowUp      = "follow_up"
	OpSteer         = "steer"
	OpAbort         = "abort"
	OpCancel        = "cancel"
	OpShutdown      = "shutdown"
	OpFork          = "fork"
	OpClone         = "clone"
	OpChime         = "chime"
	OpSetRoomPolicy = "set_room_policy"
	OpAcceptChime   = "accept_chime"
	OpRejectChime   = "reject_chime"
	OpAccount       = "account"
	OpGrant         = "grant"
)
