package client

import (
	"errors"
	"fmt"
)

// ErrBadSessionID is wrapped by the error a call returns, before any request
// is sent, for a session id that cannot be one segment of a route: an empty
// id, "." or "..". Match it with errors.Is.
var ErrBadSessionID = errors.New("not a session id")

// CheckSessionID returns nil when id can name a session in a route, and an
// error wrapping ErrBadSessionID otherwise. Every id is escaped as one path
// segment (url.PathEscape), which leaves "." and ".." as they are: a proxy
// that normalises dot segments would make DELETE .../sessions/.. a DELETE of
// the graph's route, so they are refused, as an empty id is.
func CheckSessionID(id string) error {
	switch id {
	case "":
		return fmt.Errorf("vehicle: %w: the session id is empty; give the id a session listing shows", ErrBadSessionID)
	case ".", "..":
		return fmt.Errorf("vehicle: %w: %q is a path's dot segment, which a proxy may fold into the route around it; give the id a session listing shows", ErrBadSessionID, id)
	}
	return nil
}

// checkSegment is CheckSessionID for another segment of a route (a graph, a
// document id), naming what it is.
func checkSegment(what, s string) error {
	if s == "" || s == "." || s == ".." {
		return fmt.Errorf("vehicle: %q cannot be a %s in a route (empty, \".\" and \"..\" are refused): check the %s", s, what, what)
	}
	return nil
}
