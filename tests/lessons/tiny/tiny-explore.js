// The tiny lesson's own page script: it marks the page as the tiny lesson's (a test reads it).
"use strict";
window.tinyLesson = { counts: "apples and pears" };
