package reader

import "github.com/sophia-labs/vehicle/client"

// connMsg is a change of the open session's connection to the host.
type connMsg struct {
	gen   int
	state client.ConnState
}

// onState is the stream's OnState for session gen: it hands the change to
// the loop without blocking, dropping the oldest when the loop is behind.
func onState(out chan connMsg, gen int) func(client.ConnState) {
	return func(cs client.ConnState) {
		m := connMsg{gen: gen, state: cs}
		for {
			select {
			case out <- m:
				return
			default:
			}
			select {
			case <-out:
			default:
			}
		}
	}
}

// onConn announces a lost connection once, and its return.
func (r *reader) onConn(m connMsg) {
	s := r.sess
	if s == nil || m.gen != s.gen {
		return
	}
	switch m.state.Mode {
	case client.ConnReconnecting:
		if !s.lost {
			s.lost = true
			r.say("the connection to the host was lost: reconnecting. What you type is still read.")
		}
	case client.ConnStreaming, client.ConnPolling:
		if s.lost {
			s.lost = false
			r.say("connected to the host again.")
		}
	}
}
