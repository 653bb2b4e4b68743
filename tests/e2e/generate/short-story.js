// A short story of about 2,700 characters, as a learner might paste their own (issue 59's was 2,756): its last
// tenth, held out, is a few hundred tokens, and a small model learns the rest by heart within a few hundred steps.
export const shortStory = `The lighthouse stood at the end of a narrow road, and nobody had climbed its stairs for years.
Mara found the key under a stone by the door, where her grandfather had said it would be.
Inside, the air smelled of salt and old paint, and the steps turned round and round into the dark.
She counted them as she climbed: one hundred and twelve, the same number he had written in his letter.
At the top the great lamp was covered with a grey cloth, and the glass around it was cracked in three places.
She pulled the cloth away and the dust rose like smoke in the last light of the evening.
Far below, the fishing boats were coming home, small and slow against the wide green water.
Her grandfather had kept the lamp burning for forty winters, and he had never missed a single night.
He used to say that a light is a promise: somebody out there is waiting for it, even when you cannot see them.
Mara had not believed him when she was a child. She had thought the boats could find their own way.
Now she stood where he had stood and watched the clouds gather over the islands to the west.
The wind changed. The first drops of rain struck the glass, and the sea turned from green to the colour of iron.
She opened the box of tools beside the lamp and found the matches, the oil and a note in his careful hand.
"Fill it to the line. Trim the wick. Do not hurry, and do not be afraid of the noise the wind makes."
She filled it to the line. She trimmed the wick. Her hands shook, but she did not hurry.
The flame caught on the second match and grew, and the mirrors behind it threw the light across the water.
Out in the storm a bell rang twice, and then a third time, and one by one the boats turned toward the harbour.
Mara stayed at the top all night, listening to the wind and watching the beam sweep over the waves.
In the morning the fishermen came up the narrow road with bread and coffee and questions she could not answer.
An old woman among them looked at the lamp, then at Mara, and said only that it was good to see it lit again.
Mara went home and slept until noon, and when she woke she knew what she would do with the rest of the year.
She wrote to the harbour office and asked them for the keeper's post, the one that had stood empty so long.
They wrote back within a week. The post was hers, they said, if she could mend the glass before the winter.
She spent the autumn learning to cut glass and mix putty, and her fingers were full of small cuts by October.
The first snow fell on the day she set the last pane in its frame and wiped the whole lamp clean.
That night the light went out across the water again, steady and bright, and she wrote the date in the book.
Under it, in a smaller hand, she added a line for her grandfather: the light is lit, and somebody is waiting.
`;
