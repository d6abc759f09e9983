{
 "format": "precog-tutor-progress",
 "lessons": {
  "lesson01": {
   "step": 1,
   "steps": 4,
   "done": false
  }
 }
}