ALTER TABLE "room_events" DROP CONSTRAINT "room_events_room_id_rooms_id_fk";
