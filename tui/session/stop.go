package session

// Stopping is an abort this terminal sent: whether its run is still
// stopping, whether the host's events about the queue are still to be said,
// and the held follow-ups still to send again.
type Stopping struct {
	Sent   bool     // an abort is on its way, or its run has not settled
	Watch  bool     // until a command is delivered after the abort: say what the host did with the queue
	ToSend []string // held follow-ups the person chose to send, still to send
}
