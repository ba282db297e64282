package tui

// role is what this terminal means to do with the open session.
type role int

const (
	roleDrive role = iota // drive: claim quietly when the lease is free
	roleWatch             // watch: never claim until the person asks
)
