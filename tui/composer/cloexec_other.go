//go:build !unix

package composer

// closeOnExec does nothing here: handles are not inherited unless asked.
func closeOnExec() {}
