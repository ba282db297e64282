package main

import (
	"fmt"
	"io"

	"github.com/sophia-labs/vehicle/internal/inert"
	"github.com/sophia-labs/vehicle/internal/redact"
)

// say writes one diagnostic line to w. Host text in it (a refusal's message,
// a title) is made inert, so an escape sequence cannot reach the terminal,
// and a URL in it loses its user information.
func say(w io.Writer, format string, args ...any) {
	_, _ = io.WriteString(w, inert.Line(redact.Text(fmt.Sprintf(format, args...)))+"\n")
}
